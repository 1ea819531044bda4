// A fake API's call ("METHOD /path?query") told apart as a member-only endpoint of the
// contract's table: what a visitor or a logged-out page must not ask.
import { isMemberEndpoint } from '@wallet/contract/routes';

export function isMemberCall(key: string): boolean {
  const [method = '', url = ''] = key.split(' ');
  return isMemberEndpoint(method, url.split('?')[0] ?? '');
}
