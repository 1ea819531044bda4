import { describe, expect, it } from 'vitest';
import { providerCodes } from '@wallet/contract/client';
import { autoLoginPath } from '@/features/home/api/get-auto-login-link';
import { autoLoginRoutes, planLaunch, safeHttpUrl, ufaTarget } from '@/features/home/lib/launch';

const options = { iframeMode: false, laoBuild: false, sportHost: null, pgslotNotice: null };
const credentials = { username: 'pg10001', password: 'Secret-9' };
const slot = (
  code: string,
  web: string | null = `https://games.example/provider?code=${code}`,
) => ({
  code,
  isActive: true,
  web,
});

// The spec's table (section 7, "Game auto-login").
const specTable: Record<string, string> = {
  PG: '/api/autoLogin/pg/:username',
  BETFLIX: '/api/autoLogin/betflix/:username',
  ASKMEBET: '/api/autoLogin/askmebet/:username/:password',
  IMI: '/api/autoLogin/imi/:username/:password',
  USUN: '/api/autoLogin/usun/:username/:password',
  AREASLOT: '/api/autoLogin/areaslot/:username',
  CIRCUS: '/api/autoLogin/circus/:username/:password',
  SLOTRACHA: '/api/autoLogin/slotracha/:username/:password',
  PGSLOT: '/api/autoLogin/pgslot/:username/:password',
  JOKER2: '/api/autoLogin/joker2/:username',
  HUAYHD: '/api/autoLogin/huayhd/:username',
};

describe('game launch selection', () => {
  it.each(Object.entries(specTable))('%s launches through %s', (code, path) => {
    const plan = planLaunch(slot(code), credentials, options);
    expect(plan.kind).toBe('autoLogin');
    if (plan.kind !== 'autoLogin') return;
    expect(autoLoginPath(plan.route)).toBe(path);
    const withPassword = path.endsWith('/:password');
    expect(plan.params).toEqual(withPassword ? credentials : { username: credentials.username });
    expect(plan.target).toBe('same-tab');
  });

  it('covers exactly the eleven providers of the table', () => {
    expect(Object.keys(autoLoginRoutes).sort()).toEqual(Object.keys(specTable).sort());
  });

  it('asks /api/wallet/launch for the other five providers with their own handling', () => {
    const others = providerCodes.filter((c) => !(c in specTable));
    expect(others).toEqual(['JOKER', 'SEXYGAME', 'UFABET', 'SUPERSLOT', 'SLOTXO']);
    for (const code of others) {
      expect(planLaunch(slot(code), null, options)).toEqual({
        kind: 'launchLink',
        code,
        target: 'same-tab',
        ufa: code === 'UFABET',
        notice: null,
      });
    }
  });

  it('opens any other code in a new tab', () => {
    expect(planLaunch(slot('NEWGAME'), null, options)).toMatchObject({
      kind: 'url',
      target: 'new-tab',
    });
  });

  it('opens every launch in a new tab in iframe mode', () => {
    const iframe = { ...options, iframeMode: true };
    expect(planLaunch(slot('PG'), credentials, iframe)).toMatchObject({ target: 'new-tab' });
    expect(planLaunch(slot('JOKER'), null, iframe)).toMatchObject({ target: 'new-tab' });
  });

  it('re-targets the UFABET link with the custom sport host and the Lao build', () => {
    const link = 'https://games.example/play/tok123?x=1';
    expect(ufaTarget(link, { laoBuild: false, sportHost: null })).toBe(link);
    expect(ufaTarget(link, { laoBuild: false, sportHost: 'sport.example.la' })).toBe(
      'https://sport.example.la/play/tok123?x=1',
    );
    expect(ufaTarget(link, { laoBuild: false, sportHost: 'http://127.0.0.1:4000' })).toBe(
      'http://127.0.0.1:4000/play/tok123?x=1',
    );
    expect(ufaTarget(link, { laoBuild: true, sportHost: null })).toBe(
      'https://games.example/play/tok123?x=1&lang=lo',
    );
    expect(ufaTarget(link, { laoBuild: true, sportHost: 'ufa.example' })).toBe(
      'https://ufa.example/play/tok123?x=1&lang=lo',
    );
    expect(ufaTarget('javascript:alert(1)', { laoBuild: true, sportHost: null })).toBeNull();
  });

  it('shows the optional PGSLOT notice before a PGSLOT launch only', () => {
    const noticed = { ...options, pgslotNotice: 'Turn your phone sideways' };
    expect(planLaunch(slot('PGSLOT'), credentials, noticed)).toMatchObject({
      notice: 'Turn your phone sideways',
    });
    expect(planLaunch(slot('PG'), credentials, noticed)).toMatchObject({ notice: null });
    expect(planLaunch(slot('PGSLOT'), credentials, options)).toMatchObject({ notice: null });
  });

  it('cannot launch an inactive account, without credentials, or a non-http address', () => {
    expect(planLaunch({ ...slot('PG'), isActive: false }, credentials, options).kind).toBe(
      'unavailable',
    );
    expect(planLaunch(slot('PG'), null, options).kind).toBe('unavailable');
    expect(planLaunch(slot('NEWGAME', null), null, options).kind).toBe('unavailable');
    expect(planLaunch(slot('NEWGAME', 'javascript:alert(1)'), null, options).kind).toBe(
      'unavailable',
    );
    expect(safeHttpUrl('data:text/html,hi')).toBeNull();
    expect(safeHttpUrl('https://ok.example/x')).toBe('https://ok.example/x');
  });
});
