// Structural types: the apps build with their own Vite (7), the workspace root has Vitest's (8).

/** react-router's production files (dist/production). */
export const reactRouterDist: string;
/** The aliases to react-router's production files, for `vite build` only. */
export function reactRouterAliases(
  command: 'build' | 'serve',
): { find: RegExp; replacement: string }[];
/** Writes .br and .gz next to every text asset of the build, last of all. */
export function precompressPlugin(name: string): {
  name: string;
  apply: 'build';
  configResolved(config: { build: { outDir: string } }): void;
  closeBundle: { order: 'post'; sequential: true; handler(): void };
};
/** The build options of both front ends, with their own chunk groups. */
export function buildOptions(manualChunks: (id: string) => string | undefined): {
  target: string;
  manifest: boolean;
  sourcemap: boolean;
  modulePreload: { polyfill: boolean };
  minify: 'terser';
  terserOptions: {
    ecma: 2020;
    module: boolean;
    compress: { passes: number; pure_getters: boolean };
  };
  rollupOptions: { output: { manualChunks: (id: string) => string | undefined } };
};
/** The member app's aliases of react and react-dom to preact/compat (decision 0158). */
export const preactAliases: { find: RegExp; replacement: string }[];
