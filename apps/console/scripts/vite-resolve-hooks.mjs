// Module resolve hook (see vite.mjs): 'vite' imported from @vitejs/plugin-react resolves from
// this workspace, i.e. to the Vite that runs the dev server and the build.
const consolePackage = new URL('../package.json', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  const fromPluginReact = context.parentURL?.includes('/node_modules/@vitejs/plugin-react/');
  if (fromPluginReact && (specifier === 'vite' || specifier.startsWith('vite/'))) {
    return nextResolve(specifier, { ...context, parentURL: consolePackage });
  }
  return nextResolve(specifier, context);
}
