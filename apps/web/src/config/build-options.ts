// The build options of the spec (sections 1, 7), read from import.meta.env in this one place.
// Vite inlines the values at build time, so a disabled branch is removed from the bundle.
// Documented in apps/web/CONTEXT.md.

export interface BuildOptions {
  /** Lao variant: Lao is the default language, LAK is offered at registration, no 10-digit phone rule. */
  laoBuild: boolean;
  /** Game launches open in a new tab instead of the same tab. */
  iframeMode: boolean;
  /** Custom host for the sport (UFA) launch target, or null for the provider's default. */
  sportHost: string | null;
  /** Optional notice shown before a PGSLOT launch. */
  pgslotNotice: string | null;
  /**
   * The chat backend: '' for this app's own server (the default: our server is the chat
   * backend, REST and Socket.IO on the app's origin), or null ('off') when the build has no
   * chat: then the widget and its lookup are never used (decision 0100).
   */
  chatBackend: string | null;
}

type Env = Partial<Record<keyof ImportMetaEnv, string | undefined>>;

const flag = (value: string | undefined): boolean => value === 'true' || value === '1';
/** 'off' (or false, none, 0): no chat; anything else: this server (decision 0100). */
export function chatBackendOf(value: string | undefined): string | null {
  return /^(off|false|none|0)$/i.test(value?.trim() ?? '') ? null : '';
}

const text = (value: string | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

export function readBuildOptions(env: Env): BuildOptions {
  return {
    laoBuild: flag(env.VITE_LAO_BUILD),
    iframeMode: flag(env.VITE_IFRAME_MODE),
    sportHost: text(env.VITE_SPORT_HOST),
    pgslotNotice: text(env.VITE_PGSLOT_NOTICE),
    chatBackend: chatBackendOf(env.VITE_CHAT_BACKEND),
  };
}

export const buildOptions: BuildOptions = readBuildOptions({
  VITE_LAO_BUILD: import.meta.env.VITE_LAO_BUILD,
  VITE_IFRAME_MODE: import.meta.env.VITE_IFRAME_MODE,
  VITE_SPORT_HOST: import.meta.env.VITE_SPORT_HOST,
  VITE_PGSLOT_NOTICE: import.meta.env.VITE_PGSLOT_NOTICE,
  VITE_CHAT_BACKEND: import.meta.env.VITE_CHAT_BACKEND,
});
