// How a game launches (spec section 7, "Game auto-login" and the provider list; decision 0021):
// the eleven providers with an /api/autoLogin route open the link it answers; the other five
// with their own handling open the link of GET /api/wallet/launch/{code} (decision 0014),
// UFABET's re-targeted by the Lao build and the custom sport host; any other code opens its
// web address in a new tab. The iframe-mode build option opens every launch in a new tab
// instead of this one.
import { providerCodes, type api, type Slot, type SlotCredentials } from '@wallet/contract/client';

export type AutoLoginRoute = keyof typeof api.autoLogin;

/** Spec table: provider code -> auto-login route, and whether it takes the password too. */
export const autoLoginRoutes: Readonly<
  Record<string, { route: AutoLoginRoute; withPassword: boolean }>
> = {
  PG: { route: 'pg', withPassword: false },
  BETFLIX: { route: 'betflix', withPassword: false },
  ASKMEBET: { route: 'askmebet', withPassword: true },
  IMI: { route: 'imi', withPassword: true },
  USUN: { route: 'usun', withPassword: true },
  AREASLOT: { route: 'areaslot', withPassword: false },
  CIRCUS: { route: 'circus', withPassword: true },
  SLOTRACHA: { route: 'slotracha', withPassword: true },
  PGSLOT: { route: 'pgslot', withPassword: true },
  JOKER2: { route: 'joker2', withPassword: false },
  HUAYHD: { route: 'huayhd', withPassword: false },
};

const ownHandling: ReadonlySet<string> = new Set(providerCodes);

export interface LaunchOptions {
  iframeMode: boolean;
  laoBuild: boolean;
  sportHost: string | null;
  pgslotNotice: string | null;
}

export type LaunchTarget = 'same-tab' | 'new-tab';

export type LaunchPlan =
  | {
      kind: 'autoLogin';
      route: AutoLoginRoute;
      params: { username: string; password?: string };
      target: LaunchTarget;
      /** Shown (and confirmed) before the launch: the optional PGSLOT notice. */
      notice: string | null;
    }
  | {
      kind: 'launchLink';
      code: string;
      target: LaunchTarget;
      /** UFABET: the answered link goes through `ufaTarget`. */
      ufa: boolean;
      notice: null;
    }
  | { kind: 'url'; url: string; target: LaunchTarget; notice: null }
  | { kind: 'unavailable' };

/** Only http(s) addresses are ever opened (a provider answer is not trusted further). */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * The UFA (UFABET) target: its link, on the custom sport host when one is configured (same
 * path and query), and with `lang=lo` on the Lao build.
 */
export function ufaTarget(link: string, options: Pick<LaunchOptions, 'laoBuild' | 'sportHost'>) {
  const base = safeHttpUrl(link);
  if (!base) return null;
  const url = new URL(base);
  if (options.sportHost) {
    const host = safeHttpUrl(
      /^[a-z][a-z0-9+.-]*:\/\//i.test(options.sportHost)
        ? options.sportHost
        : `https://${options.sportHost}`,
    );
    if (host) {
      const custom = new URL(host);
      url.protocol = custom.protocol;
      url.host = custom.host;
    }
  }
  if (options.laoBuild) url.searchParams.set('lang', 'lo');
  return url.toString();
}

export function planLaunch(
  slot: Pick<Slot, 'code' | 'isActive' | 'web'>,
  credentials: SlotCredentials | null,
  options: LaunchOptions,
): LaunchPlan {
  if (!slot.isActive) return { kind: 'unavailable' };
  const known = ownHandling.has(slot.code);
  const target: LaunchTarget = !known || options.iframeMode ? 'new-tab' : 'same-tab';

  const autoLogin = autoLoginRoutes[slot.code];
  if (autoLogin) {
    if (!credentials) return { kind: 'unavailable' };
    return {
      kind: 'autoLogin',
      route: autoLogin.route,
      params: autoLogin.withPassword
        ? { username: credentials.username, password: credentials.password }
        : { username: credentials.username },
      target,
      notice: slot.code === 'PGSLOT' ? options.pgslotNotice : null,
    };
  }

  if (known) {
    return {
      kind: 'launchLink',
      code: slot.code,
      target,
      ufa: slot.code === 'UFABET',
      notice: null,
    };
  }

  const url = safeHttpUrl(slot.web);
  if (!url) return { kind: 'unavailable' };
  return { kind: 'url', url, target, notice: null };
}
