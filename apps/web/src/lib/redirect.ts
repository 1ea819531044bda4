import { paths, REDIRECT_PARAM } from '@/config/paths';

/**
 * The intended URL passed to /login, accepted only when it is a member path on this origin
 * (no open redirect to another site). Anything else lands on /user.
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) {
    return paths.user;
  }
  const pathname = target.split(/[?#]/)[0] ?? '';
  return pathname === paths.user || pathname.startsWith(`${paths.user}/`) ? target : paths.user;
}

/** /login carrying the intended URL, when there is one worth returning to. */
export function loginUrl(intended?: string | null): string {
  if (!intended || safeRedirect(intended) !== intended || intended === paths.user) {
    return paths.login;
  }
  return `${paths.login}?${REDIRECT_PARAM}=${encodeURIComponent(intended)}`;
}
