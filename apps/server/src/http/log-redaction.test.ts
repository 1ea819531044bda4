import { describe, expect, it } from 'vitest';
import { redactUrl, REDACTED } from './log-redaction';

describe('redactUrl', () => {
  it('redacts the password segment of every auto-login path that has one, and keeps the rest', () => {
    for (const code of ['askmebet', 'imi', 'usun', 'circus', 'slotracha', 'pgslot'])
      expect(redactUrl(`/api/autoLogin/${code}/player01/Secr3t%2Fpw`)).toBe(
        `/api/autoLogin/${code}/player01/${REDACTED}`,
      );
    expect(redactUrl('/api/autoLogin/askmebet/player01/Secr3t?lang=th')).toBe(
      `/api/autoLogin/askmebet/player01/${REDACTED}?lang=th`,
    );
    // Providers without a password in the path are logged as they are.
    expect(redactUrl('/api/autoLogin/pg/player01')).toBe('/api/autoLogin/pg/player01');
    expect(redactUrl('/api/wallet/launch/ASKMEBET')).toBe('/api/wallet/launch/ASKMEBET');
  });

  it('redacts secret query values (sig, token, password, key ...) whatever the path', () => {
    expect(redactUrl('/static/slips/SL0123?expires=1795000000&sig=AbC-_x9')).toBe(
      `/static/slips/SL0123?expires=1795000000&sig=${REDACTED}`,
    );
    expect(redactUrl('/x?token=t1&page=2&PASSWORD=p&api_key=k&%73ig=s#frag')).toBe(
      `/x?token=${REDACTED}&page=2&PASSWORD=${REDACTED}&api_key=${REDACTED}&%73ig=${REDACTED}`,
    );
    expect(redactUrl('/api/lookup/banks?flag&x=%E0%A')).toBe('/api/lookup/banks?flag&x=%E0%A');
  });
});
