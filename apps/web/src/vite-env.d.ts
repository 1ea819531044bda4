/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

interface ImportMetaEnv {
  readonly VITE_LAO_BUILD?: string;
  readonly VITE_IFRAME_MODE?: string;
  readonly VITE_SPORT_HOST?: string;
  readonly VITE_PGSLOT_NOTICE?: string;
  readonly VITE_CHAT_BACKEND?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
