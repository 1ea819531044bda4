import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, providerCodes } from '@wallet/contract';
import type { Slot, Wallet } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { activate, moneyCall, newKey, newMember, statementOf } from '../../../test/game-support';
import { forEachDialect } from '../../../test/helpers';
import { ledgerCheck } from '../ledger';

forEachDialect('games: catalogue, accounts, launch', (get) => {
  const wallet = async (token: string) => {
    const res = await get().call('GET', '/api/wallet', { token });
    expect(res.statusCode).toBe(200);
    return res.json<Wallet>();
  };
  const slot = (w: Wallet, code: string) => w.slots.find((s) => s.code === code)!;

  describe('activate, account, resetpassword', () => {
    it('opens an account once, shows its credentials, and refuses unknown codes', async () => {
      const t = get();
      const m = await newMember(t);
      const first = await t.call('GET', '/api/wallet/activate/PG', { token: m.token });
      expect(first.statusCode).toBe(200);
      expect(first.json<Slot>()).toMatchObject({ code: 'PG', isActive: true, amount: 0 });
      const again = await t.call('GET', '/api/wallet/activate/PG', { token: m.token });
      expect([again.statusCode, again.json()]).toEqual([409, { message: 'SLOT_ALREADY_ACTIVE' }]);
      const unknown = await t.call('GET', '/api/wallet/activate/NOPE', { token: m.token });
      expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'NO_GAME' }]);

      const creds = await t.call('GET', '/api/wallet/account/PG', { token: m.token });
      const { username, password } = creds.json<{ username: string; password: string }>();
      expect(t.games.account('PG', username)?.password).toBe(password);
      // Stored sealed, never in clear.
      const row = await t.db
        .selectFrom('game_accounts')
        .selectAll()
        .where('member_id', '=', m.memberId)
        .executeTakeFirstOrThrow();
      expect(row.password_enc).not.toContain(password);
      expect(row.password_enc).toMatch(/^v1\./);
      expect(slot(await wallet(m.token), 'PG').isActive).toBe(true);

      const none = await t.call('GET', '/api/wallet/account/JOKER', { token: m.token });
      expect([none.statusCode, none.json()]).toEqual([400, { message: 'SLOT_NO_ACCOUNT' }]);
      const noGame = await t.call('GET', '/api/wallet/account/XYZ', { token: m.token });
      expect(noGame.json()).toEqual({ message: 'NO_GAME' });
    });

    it('answers SLOT_ACTIVATE_FAIL when the provider fails, and opens nothing', async () => {
      const t = get();
      const m = await newMember(t);
      for (const mode of ['unknown', 'reject'] as const) {
        t.games.fail.createAccount = mode;
        const res = await t.call('GET', '/api/wallet/activate/JOKER', { token: m.token });
        expect([res.statusCode, res.json()]).toEqual([502, { message: 'SLOT_ACTIVATE_FAIL' }]);
      }
      delete t.games.fail.createAccount;
      expect(slot(await wallet(m.token), 'JOKER').isActive).toBe(false);
      const ok = await t.call('GET', '/api/wallet/activate/JOKER', { token: m.token });
      expect(ok.statusCode).toBe(200);
    });

    it('resets the password at the provider and keeps the account active', async () => {
      const t = get();
      const m = await newMember(t);
      const username = await activate(t, m, 'SLOTXO');
      const before = t.games.account('SLOTXO', username)!.password;
      const res = await t.call('GET', '/api/wallet/resetpassword/SLOTXO', { token: m.token });
      expect(res.statusCode).toBe(200);
      const after = res.json<{ username: string; password: string }>();
      expect(after.username).toBe(username);
      expect(after.password).not.toBe(before);
      expect(after.password).toBe(t.games.account('SLOTXO', username)!.password);
      const shown = await t.call('GET', '/api/wallet/account/SLOTXO', { token: m.token });
      expect(shown.json()).toEqual(after);

      t.games.fail.resetPassword = 'unknown';
      const failed = await t.call('GET', '/api/wallet/resetpassword/SLOTXO', { token: m.token });
      expect([failed.statusCode, failed.json()]).toEqual([
        502,
        { message: 'SLOT_RESET_PASSWORD_FAIL' },
      ]);
      delete t.games.fail.resetPassword;
      expect(
        (await t.call('GET', '/api/wallet/account/SLOTXO', { token: m.token })).json(),
      ).toEqual(after);
      const inactive = await t.call('GET', '/api/wallet/resetpassword/PG', { token: m.token });
      expect(inactive.json()).toEqual({ message: 'SLOT_NO_ACCOUNT' });
      const unknown = await t.call('GET', '/api/wallet/resetpassword/ZZZ', { token: m.token });
      expect(unknown.json()).toEqual({ message: 'NO_GAME' });
    });
  });

  describe('launch links and /api/autoLogin', () => {
    it('answers a link for the caller’s own account on every autoLogin route', async () => {
      const t = get();
      const m = await newMember(t);
      for (const [name, def] of Object.entries(api.autoLogin)) {
        const code = name.toUpperCase() as (typeof providerCodes)[number];
        const username = await activate(t, m, code);
        const { password } = (
          await t.call('GET', `/api/wallet/account/${code}`, { token: m.token })
        ).json<{ password: string }>();
        const url = def.path
          .replace(':username', encodeURIComponent(username))
          .replace(':password', encodeURIComponent(password));
        const res = await t.call('GET', url, { token: m.token });
        expect(res.statusCode, url).toBe(200);
        expect(res.json<{ link: string }>().link).toContain(`/play/memory-${name}`);
      }
    });

    it('refuses other members’ usernames, wrong passwords and inactive accounts alike (T9)', async () => {
      const t = get();
      const a = await newMember(t);
      const b = await newMember(t);
      const aPg = await activate(t, a, 'PG');
      const aAsk = await activate(t, a, 'ASKMEBET');
      const aAskPassword = (
        await t.call('GET', '/api/wallet/account/ASKMEBET', { token: a.token })
      ).json<{ password: string }>().password;
      await activate(t, b, 'PG');
      const refused = [
        // b names a's account
        ['GET', `/api/autoLogin/pg/${aPg}`, b.token],
        ['GET', `/api/autoLogin/askmebet/${aAsk}/${aAskPassword}`, b.token],
        // a's own username with a wrong password
        ['GET', `/api/autoLogin/askmebet/${aAsk}/wrong-password`, a.token],
        // an account a does not have
        ['GET', `/api/autoLogin/joker2/${aPg}`, a.token],
        ['GET', `/api/autoLogin/huayhd/nobody`, a.token],
        // b asks for a's other accounts by code
        ['GET', '/api/wallet/account/ASKMEBET', b.token],
        ['GET', '/api/wallet/resetpassword/ASKMEBET', b.token],
        ['GET', '/api/wallet/launch/ASKMEBET', b.token],
      ] as const;
      const launchesBefore = t.games.calls.launchLink;
      for (const [method, url, token] of refused) {
        const res = await t.call(method, url, { token });
        expect([res.statusCode, res.body], url).toEqual([400, '{"message":"SLOT_NO_ACCOUNT"}']);
      }
      expect(t.games.calls.launchLink).toBe(launchesBefore);
      const own = await t.call('GET', `/api/autoLogin/pg/${aPg}`, { token: a.token });
      expect(own.statusCode).toBe(200);
      expect((await t.call('GET', `/api/autoLogin/pg/${aPg}`)).statusCode).toBe(401);
    });

    it('maps the provider’s unknown user to NOT_AREASLOT / NOT_UFABET', async () => {
      const t = get();
      const m = await newMember(t);
      const area = await activate(t, m, 'AREASLOT');
      await activate(t, m, 'UFABET');
      t.games.fail.launchLink = 'userNotFound';
      const a = await t.call('GET', `/api/autoLogin/areaslot/${area}`, { token: m.token });
      expect([a.statusCode, a.json()]).toEqual([400, { message: 'NOT_AREASLOT' }]);
      const u = await t.call('GET', '/api/wallet/launch/UFABET', { token: m.token });
      expect([u.statusCode, u.json()]).toEqual([400, { message: 'NOT_UFABET' }]);
      t.games.fail.launchLink = 'unknown';
      const down = await t.call('GET', '/api/wallet/launch/UFABET', { token: m.token });
      expect([down.statusCode, down.json()]).toEqual([502, { message: 'INTERNAL_SERVER_ERROR' }]);
      delete t.games.fail.launchLink;
      const ok = await t.call('GET', '/api/wallet/launch/UFABET', { token: m.token });
      expect(ok.json<{ link: string }>().link).toMatch(/^http:\/\/127\.0\.0\.1:3100\/play\//);
      const none = await t.call('GET', '/api/wallet/launch/SEXYGAME', { token: m.token });
      expect(none.json()).toEqual({ message: 'SLOT_NO_ACCOUNT' });
    });
  });

  describe('POST /api/wallet/add (decision 0016)', () => {
    it('records a waiting deposit notice once per key and moves no money', async () => {
      const t = get();
      const m = await newMember(t);
      const key = newKey();
      const first = await moneyCall(t, m, '/api/wallet/add', { amount: 300.5 }, key);
      expect([first.statusCode, first.json()]).toEqual([200, { message: 'SUCCESS' }]);
      const replay = await moneyCall(t, m, '/api/wallet/add', { amount: 300.5 }, key);
      expect(replay.json()).toEqual({ message: 'SUCCESS' });
      const rows = (await statementOf(t, m)).filter((s) => s.statementType === 'deposit');
      expect(rows).toEqual([
        expect.objectContaining({ status: 'WAITING', from: 'SCB', to: 'WALLET', amount: 300.5 }),
      ]);
      expect((await wallet(m.token)).wallet.amount).toBe(0);

      // The spec's client sends no key: served (decision 0053).
      const noKey = await t.call('POST', '/api/wallet/add', {
        token: m.token,
        body: { amount: 10 },
      });
      expect([noKey.statusCode, noKey.json()]).toEqual([200, { message: 'SUCCESS' }]);
      for (const amount of [0, -5, 1.234, 1e9]) {
        const bad = await moneyCall(t, m, '/api/wallet/add', { amount });
        expect([bad.statusCode, bad.json()], String(amount)).toEqual([
          400,
          { message: 'KEY_INVALID' },
        ]);
      }
      expect((await ledgerCheck(t.db)).violations).toEqual([]);
    });
  });

  describe('provider artwork', () => {
    it('before the build: the drawings, self-contained SVG, under the linked and .svg names', async () => {
      const t = get();
      for (const code of providerCodes) {
        const base = code.toLowerCase();
        for (const file of [`${base}-logo.png`, `${base}-bg.jpg`, `${base}-logo.svg`]) {
          const url = `/static/providers/${file}`;
          const res = await t.app.inject({ method: 'GET', url });
          expect(res.statusCode, url).toBe(200);
          expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
          expect(res.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
          const cached = await t.app.inject({
            method: 'GET',
            url,
            headers: { 'if-none-match': String(res.headers.etag) },
          });
          expect(cached.statusCode).toBe(304);
        }
      }
      const missing = await t.app.inject({ method: 'GET', url: '/static/providers/nope-logo.png' });
      expect(missing.statusCode).toBe(404);
    });

    it('after the build: the PNG logo and JPEG background from ARTWORK_DIR, byte for byte', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'wallet-artwork-int-'));
      try {
        // Stand-ins for the build's output (games.raster.int.test.ts checks the real rendering).
        const png = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), randomBytes(64)]);
        const jpg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(64)]);
        writeFileSync(join(dir, 'pg-logo.png'), png);
        writeFileSync(join(dir, 'pg-bg.jpg'), jpg);
        // The helper closes the rebuilt app with the suite.
        const app = await get().rebuild({ artworkDir: dir });
        const logo = await app.inject({ method: 'GET', url: '/static/providers/pg-logo.png' });
        expect(logo.headers['content-type']).toBe('image/png');
        expect(logo.rawPayload.equals(png)).toBe(true);
        expect(logo.headers['cache-control']).toBe('public, max-age=86400');
        const bg = await app.inject({ method: 'GET', url: '/static/providers/pg-bg.jpg' });
        expect(bg.headers['content-type']).toBe('image/jpeg');
        expect(bg.rawPayload.equals(jpg)).toBe(true);
        const cached = await app.inject({
          method: 'GET',
          url: '/static/providers/pg-bg.jpg',
          headers: { 'if-none-match': String(bg.headers.etag) },
        });
        expect(cached.statusCode).toBe(304);
        // No WebP copy built: the JPEG whatever the browser takes, and no Vary.
        const accept = 'image/avif,image/webp,image/*,*/*;q=0.8';
        const stillJpg = await app.inject({
          method: 'GET',
          url: '/static/providers/pg-bg.jpg',
          headers: { accept },
        });
        expect([stillJpg.headers['content-type'], stillJpg.headers.vary]).toEqual([
          'image/jpeg',
          undefined,
        ]);
        // With one, a browser that takes WebP gets it (decision 0161).
        const webp = Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBP', 'latin1'), randomBytes(64)]);
        writeFileSync(join(dir, 'pg-logo.webp'), webp);
        const rebuilt = await get().rebuild({ artworkDir: dir });
        const logoWebp = await rebuilt.inject({
          method: 'GET',
          url: '/static/providers/pg-logo.png',
          headers: { accept },
        });
        expect([logoWebp.headers['content-type'], logoWebp.headers.vary]).toEqual([
          'image/webp',
          'accept',
        ]);
        expect(logoWebp.rawPayload.equals(webp)).toBe(true);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
