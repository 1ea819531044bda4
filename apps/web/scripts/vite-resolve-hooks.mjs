// Module resolve hook (see vite.mjs): 'vite' imported from @vitejs/plugin-react (and from
// vite-plugin-pwa, which bundles the service worker with it) resolves from
// this workspace, i.e. to the Vite that runs the dev server and the build.
const webPackage = new URL('../package.json', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  const fromPlugin = ['/node_modules/@vitejs/plugin-react/', '/node_modules/vite-plugin-pwa/'].some(
    (dir) => context.parentURL?.includes(dir),
  );
  if (fromPlugin && (specifier === 'vite' || specifier.startsWith('vite/'))) {
    return nextResolve(specifier, { ...context, parentURL: webPackage });
  }
  return nextResolve(specifier, context);
}
