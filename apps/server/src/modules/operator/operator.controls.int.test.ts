// Controls a second admin approves (issue 25 section 2.3, decision 0117): with one active
// admin, changes apply at once; with two, raising the threshold, an active cashier or admin,
// removing an admin and resetting another's authenticator wait, and another admin's approval
// applies them exactly once. The last active admin is never removed.
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers';
import { forEachDialect } from '../../../test/helpers';
import { signInOperator } from '../../../test/operator-sign-in';

let counter = 0;

/** Makes an operator (as `admin`) and signs it in once; its id, username, password, token. */
async function operator(t: TestApp, role: 'admin' | 'cashier' | 'support') {
  const username = `ctl${process.pid % 1000}x${++counter}`;
  const res = await t.call('POST', '/api/operator/operators', {
    token: await t.operatorToken(),
    body: { username, displayName: username, role },
  });
  const {
    operator: made,
    temporaryPassword,
    requestId,
  } = res.json<{
    operator: { id: number; status: string };
    temporaryPassword: string;
    requestId: number | null;
  }>();
  return { id: made.id, username, temporaryPassword, requestId, status: made.status };
}

/** The first sign-in: enrols the authenticator offered and chooses an own password. */
async function signIn(t: TestApp, username: string, password: string) {
  t.clock.advance(60_000);
  return signInOperator(t.call, {
    username,
    password,
    newPassword: `${username}-own-password`,
    now: t.clock.now(),
  });
}

const approve = (t: TestApp, token: string, id: number) =>
  t.call('POST', `/api/operator/control-requests/${id}/approve`, { token });

const statusOf = (t: TestApp, id: number) =>
  t.db
    .selectFrom('operators')
    .select(['role', 'status', 'totp_secret'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

forEachDialect('control changes and a second admin', (get) => {
  describe('one active admin', () => {
    it('applies at once: nobody could approve (audited as always)', async () => {
      const t = get();
      const made = await operator(t, 'cashier');
      expect([made.status, made.requestId]).toEqual(['active', null]);
      const threshold = await t.call('PUT', '/api/operator/adjustments/threshold', {
        token: await t.operatorToken(),
        body: { threshold: 2000 },
      });
      expect(threshold.json()).toEqual({ message: 'SUCCESS', threshold: 2000, requestId: null });
    });
  });

  describe('two active admins', () => {
    it("another admin's approval applies each change once; the asker's own is refused", async () => {
      const t = get();
      const second = await operator(t, 'admin');
      const secondToken = await signIn(t, second.username, second.temporaryPassword);
      const admin = await t.operatorToken();

      // Raising the threshold.
      const raise = await t.call('PUT', '/api/operator/adjustments/threshold', {
        token: secondToken,
        body: { threshold: 3000 },
      });
      const raiseId = raise.json<{ requestId: number }>().requestId;
      expect(raise.json()).toMatchObject({ message: 'PENDING_APPROVAL', threshold: 2000 });
      expect((await approve(t, secondToken, raiseId)).statusCode).toBe(403);
      const ok = await approve(t, admin, raiseId);
      expect(ok.json()).toMatchObject({
        request: {
          kind: 'threshold',
          status: 'approved',
          change: { threshold: 3000, thresholdBefore: 2000 },
        },
      });
      const read = await t.call('GET', '/api/operator/adjustments/threshold', { token: admin });
      expect(read.json()).toEqual({ threshold: 3000 });
      expect([(await approve(t, admin, raiseId)).statusCode]).toEqual([409]);

      // A new cashier starts inactive; approved, it signs in.
      const sock = await operator(t, 'cashier');
      expect([sock.status, typeof sock.requestId]).toEqual(['inactive', 'number']);
      expect((await approve(t, admin, sock.requestId!)).statusCode).toBe(403);
      expect((await approve(t, secondToken, sock.requestId!)).statusCode).toBe(200);
      expect(await statusOf(t, sock.id)).toMatchObject({ role: 'cashier', status: 'active' });
      const sockToken = await signIn(t, sock.username, sock.temporaryPassword);
      expect((await t.call('GET', '/api/operator/me', { token: sockToken })).statusCode).toBe(200);

      // Resetting another operator's authenticator: their sessions end once approved.
      const reset = await t.call('POST', `/api/operator/operators/${sock.id}/totp/reset`, {
        token: admin,
      });
      expect(reset.json()).toMatchObject({ revoked: 0, requestId: expect.any(Number) });
      expect((await statusOf(t, sock.id)).totp_secret).not.toBeNull();
      expect(
        (await approve(t, secondToken, reset.json<{ requestId: number }>().requestId)).statusCode,
      ).toBe(200);
      expect((await statusOf(t, sock.id)).totp_secret).toBeNull();
      expect((await t.call('GET', '/api/operator/me', { token: sockToken })).statusCode).toBe(401);

      // A rename, a role without money powers: at once.
      const support = await operator(t, 'support');
      const rename = await t.call('PUT', `/api/operator/operators/${support.id}`, {
        token: admin,
        body: { displayName: 'Mali', role: 'marketing' },
      });
      expect(rename.json()).toMatchObject({
        operator: { displayName: 'Mali', role: 'marketing' },
        requestId: null,
      });
    });

    it('never removes the last active admin, even by two crossed requests', async () => {
      const t = get();
      const admin = await t.operatorToken();
      const adminId = (await t.call('GET', '/api/operator/me', { token: admin })).json<{
        operator: { id: number };
      }>().operator.id;
      const others = await t.db
        .selectFrom('operators')
        .select('id')
        .where('role', '=', 'admin')
        .where('status', '=', 'active')
        .where('id', '!=', adminId)
        .execute();
      // Exactly one other active admin for this test.
      for (const other of others.slice(1))
        await t.db
          .updateTable('operators')
          .set({ status: 'inactive' })
          .where('id', '=', other.id)
          .execute();
      let secondId = others[0]?.id;
      let secondToken: string;
      if (secondId === undefined) {
        const made = await operator(t, 'admin');
        secondId = made.id;
        secondToken = await signIn(t, made.username, made.temporaryPassword);
      } else {
        const row = await t.db
          .selectFrom('operators')
          .select('username')
          .where('id', '=', secondId)
          .executeTakeFirstOrThrow();
        const reset = await t.call('POST', `/api/operator/operators/${secondId}/password`, {
          token: admin,
        });
        await t.db
          .updateTable('operators')
          .set({ totp_secret: null, totp_last_step: null })
          .where('id', '=', secondId)
          .execute();
        secondToken = await signIn(
          t,
          row.username,
          reset.json<{ temporaryPassword: string }>().temporaryPassword,
        );
      }
      const removeSecond = (
        await t.call('PUT', `/api/operator/operators/${secondId}/status`, {
          token: admin,
          body: { status: 'inactive' },
        })
      ).json<{ requestId: number }>().requestId;
      const removeFirst = (
        await t.call('PUT', `/api/operator/operators/${adminId}`, {
          token: secondToken,
          body: { role: 'cashier' },
        })
      ).json<{ requestId: number }>().requestId;
      // The second admin approves its own removal (it did not ask for it): applied.
      expect((await approve(t, secondToken, removeSecond)).statusCode).toBe(200);
      expect(await statusOf(t, secondId)).toMatchObject({ status: 'inactive' });
      // The other request would leave no active admin: the only admin left may not approve
      // it (it is theirs to decide, but it removes the last admin), and nobody else can.
      const last = await approve(t, admin, removeFirst);
      expect([last.statusCode, last.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
      expect(await statusOf(t, adminId)).toMatchObject({ role: 'admin', status: 'active' });
    });
  });
});
