// The contract's member-only endpoints, to tell a member call in a fake API's log
// ("GET /api/wallet", `:param` as any segment): what a visitor or a logged-out page must not make.
import { routes, type RouteDef } from '@wallet/contract/routes';

const memberRoutes = Object.values(routes)
  .flatMap((group) => Object.values(group) as RouteDef[])
  .filter((route) => route.access === 'member')
  .map((route) => ({
    method: route.method,
    pattern: new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}$`),
  }));

/** "METHOD /path?query" of a fake API call: is it a member-only endpoint? */
export function isMemberCall(key: string): boolean {
  const [method, url = ''] = key.split(' ');
  const path = url.split('?')[0] ?? '';
  return memberRoutes.some((route) => route.method === method && route.pattern.test(path));
}
