// The app's logo (decision 0059): one mark composed here in code (a gold coin with a crown on
// a navy tile), emitted by the web build as favicon.svg and rendered by resvg into the PNG
// icons, so no logo image is committed. vite.config.ts's brandAssets() serves and emits them.
import { Resvg } from '@resvg/resvg-js';
import type { Plugin } from 'vite';

export function logoSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">` +
    `<defs>` +
    `<linearGradient id="tile" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#26305a"/><stop offset="1" stop-color="#0b1020"/></linearGradient>` +
    `<radialGradient id="coin" cx="0.38" cy="0.32" r="0.75"><stop offset="0" stop-color="#fff3c4"/><stop offset="0.5" stop-color="#f5c451"/><stop offset="1" stop-color="#b87f12"/></radialGradient>` +
    `<linearGradient id="rim" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe9a3"/><stop offset="1" stop-color="#8a5a00"/></linearGradient>` +
    `</defs>` +
    `<rect width="64" height="64" rx="14" fill="url(#tile)"/>` +
    `<path d="M4 14 Q32 4 60 14 L60 8 Q60 0 52 0 L12 0 Q4 0 4 8 Z" fill="#ffffff" fill-opacity="0.06"/>` +
    `<circle cx="32" cy="33" r="21" fill="url(#rim)"/>` +
    `<circle cx="32" cy="33" r="18" fill="url(#coin)"/>` +
    `<circle cx="32" cy="33" r="15" fill="none" stroke="#8a5a00" stroke-opacity="0.55" stroke-width="1.2"/>` +
    // The crown: three points with jewels, on a band.
    `<path d="M21 38 L19.5 26 L25.5 31 L32 22.5 L38.5 31 L44.5 26 L43 38 Z" fill="#7a4a00"/>` +
    `<rect x="21" y="39.5" width="22" height="4" rx="1.5" fill="#7a4a00"/>` +
    `<circle cx="19.5" cy="25" r="1.8" fill="#7a4a00"/><circle cx="32" cy="21.2" r="1.8" fill="#7a4a00"/><circle cx="44.5" cy="25" r="1.8" fill="#7a4a00"/>` +
    `<circle cx="32" cy="33" r="2" fill="#fff3c4"/>` +
    // A glint: the coin is new.
    `<path d="M50 10 L51.2 13.8 L55 15 L51.2 16.2 L50 20 L48.8 16.2 L45 15 L48.8 13.8 Z" fill="#fff3c4"/>` +
    `</svg>`
  );
}

/** The files the build emits, by path under the web root. */
export function brandFiles(): Map<string, { body: Buffer; type: string }> {
  const svg = logoSvg();
  const png = (size: number) =>
    new Resvg(svg, { fitTo: { mode: 'width', value: size }, font: { loadSystemFonts: false } })
      .render()
      .asPng();
  return new Map([
    ['favicon.svg', { body: Buffer.from(svg), type: 'image/svg+xml' }],
    ['brand/apple-touch-icon.png', { body: png(180), type: 'image/png' }],
    ['brand/icon-192.png', { body: png(192), type: 'image/png' }],
    ['brand/icon-512.png', { body: png(512), type: 'image/png' }],
  ]);
}

/** Serves the logo files in the dev server and emits them into the build. */
export function brandAssets(): Plugin {
  let files: ReturnType<typeof brandFiles> | undefined;
  const get = () => (files ??= brandFiles());
  return {
    name: 'wallet:brand-assets',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = get().get((req.url ?? '').split('?')[0]!.replace(/^\//, ''));
        if (!file) return next();
        res.setHeader('content-type', file.type);
        res.end(file.body);
      });
    },
    generateBundle() {
      for (const [fileName, file] of get()) {
        this.emitFile({ type: 'asset', fileName, source: file.body });
      }
    },
  };
}
