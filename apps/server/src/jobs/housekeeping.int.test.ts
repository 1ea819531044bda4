import { expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../lib/clock';
import { PNG } from 'pngjs';
import { forEachDialect, uniqueAccountNo, uniquePhone } from '../../test/helpers';
import { bankTransfer, registeredLongAgo, slipImage, upload } from '../../test/slip-support';
import { ORPHAN_GRACE_MS } from './orphan-files';
import { housekeeping } from './housekeeping';

forEachDialect('housekeeping', (get) => {
  it('purges old OTP requests, dead sessions and idle throttle rows, keeping live ones', async () => {
    const t = get();
    const phone = uniquePhone();
    const live = await t.registerMember({ username: phone, password: 'password-1' });
    const dead = await t.login(phone, 'password-1');
    await t.call('POST', '/api/logout', { token: dead });
    await t.call('POST', '/api/login', {
      body: { username: uniquePhone(), password: 'nope-nope' },
    });
    // A failed gift link leaves a failure counter for the member (decision 0025).
    const bad = await t.call('POST', '/api/wallet/truelink', {
      token: live,
      headers: { 'idempotency-key': `hk-${Date.now()}` },
      body: { link: 'not-a-gift-link-at-all' },
    });
    expect(bad.json()).toEqual({ message: 'TRUELINK_INVALID', reason: 'UNREADABLE' });
    // An unknown promotion code leaves a failure counter too (decision 0120).
    const unknown = await t.call('GET', '/api/promotion/find/NOSUCHCODE', { token: live });
    expect(unknown.json()).toEqual({});
    const count = async () => ({
      otp: (await t.db.selectFrom('otp_requests').select('id').execute()).length,
      throttle: (await t.db.selectFrom('login_throttle').select('key').execute()).length,
      gift: (await t.db.selectFrom('gift_link_throttle').select('key').execute()).length,
      code: (await t.db.selectFrom('promotion_code_throttle').select('key').execute()).length,
      revoked: (
        await t.db.selectFrom('sessions').select('id').where('revoked_at', 'is not', null).execute()
      ).length,
    });
    const before = await count();
    expect(before.otp).toBeGreaterThan(0);
    expect(before.throttle).toBeGreaterThan(0);
    expect(before.revoked).toBeGreaterThan(0);
    expect(before.gift).toBe(1);
    expect(before.code).toBe(1);

    expect(await housekeeping(t.app.deps)).toMatchObject({
      sessions: 0,
      throttles: 0,
      otpRequests: 0,
      giftLinkThrottles: 0,
      promotionCodeThrottles: 0,
    });
    t.clock.advance(DAY_MS + MINUTE_MS);
    // Keep the live session in use so it is not idle.
    expect((await t.call('GET', '/api/account/profile', { token: live })).statusCode).toBe(200);
    const purged = await housekeeping(t.app.deps);
    expect(purged.otpRequests).toBe(before.otp);
    expect(purged.throttles).toBe(before.throttle);
    expect(purged.sessions).toBe(before.revoked);
    expect(purged.giftLinkThrottles).toBe(1);
    expect(purged.promotionCodeThrottles).toBe(1);
    expect((await t.call('GET', '/api/account/profile', { token: live })).statusCode).toBe(200);
  });
});

forEachDialect('housekeeping: slip images no slip names', (get) => {
  it('removes stored files no slip names once past the grace, and keeps named and recent ones', async () => {
    const t = get();
    const phone = uniquePhone();
    await t.registerMember({ username: phone, password: 'password-1' });
    const member = await t.db
      .selectFrom('members')
      .select('id')
      .where('username', '=', phone)
      .executeTakeFirstOrThrow();
    // A slip row naming its stored image, as an upload leaves it.
    const named = await t.files.put(Buffer.from('named image'), 'png');
    const now = t.clock.now().toISOString();
    await t.db
      .insertInto('slips')
      .values({
        ref: `SLHK${Date.now()}`,
        member_id: member.id,
        idempotency_key: `member:${member.id}:hk-${Date.now()}`,
        file_key: named,
        file_sha256: 'x',
        file_bytes: 11,
        status: 'failed',
        reason: 'SLIP_INVALID_FILE',
        next_attempt_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    // A crash between storing an image and inserting its row leaves it named by nothing.
    const orphan = await t.files.put(Buffer.from('orphan image'), 'jpg');
    const present = () => [named, orphan].map((key) => t.files.files.has(key));

    // Within the grace, nothing is removed: its row may be about to be inserted.
    expect((await housekeeping(t.app.deps)).orphanFiles).toBe(0);
    expect(present()).toEqual([true, true]);

    t.clock.advance(ORPHAN_GRACE_MS + MINUTE_MS);
    const recent = await t.files.put(Buffer.from('just stored'), 'png');
    expect((await housekeeping(t.app.deps)).orphanFiles).toBe(1);
    expect(present()).toEqual([true, false]);
    expect(t.files.files.has(recent)).toBe(true);
    expect((await housekeeping(t.app.deps)).orphanFiles).toBe(0);
  });

  it('removes the images of slips that failed longer ago than the retention, keeping the rest (decision 0045)', async () => {
    const t = get();
    const bankAccountNo = uniqueAccountNo();
    const token = await t.registerMember({
      username: uniquePhone(),
      bankCode: 'SCB',
      bankAccountNo,
    });
    await registeredLongAgo(t, { token });
    const blank = new PNG({ width: 200, height: 200 });
    blank.data.fill(0xff);
    const failed = await upload(t, token, PNG.sync.write(blank));
    expect(failed.json()).toMatchObject({ message: 'CANNOT_READ_CROPPED_IMAGE' });
    const slip = bankTransfer(t, {
      from: { bankCode: 'SCB', accountNo: bankAccountNo },
      amount: 1_000,
    });
    expect((await upload(t, token, slipImage(slip))).json()).toMatchObject({ message: 'SUCCESS' });
    const fileOf = async (ref: string) =>
      (
        await t.db
          .selectFrom('slips')
          .select('file_key')
          .where('ref', '=', ref)
          .executeTakeFirstOrThrow()
      ).file_key;
    const rows = await t.db.selectFrom('slips').select(['status', 'file_key']).execute();
    const failedKey = await fileOf(failed.json<{ slipId: string }>().slipId);
    const creditedKey = rows.find((r) => r.status === 'success')!.file_key;
    const present = () => [failedKey, creditedKey].map((key) => t.files.files.has(key));
    expect(present()).toEqual([true, true]);

    const retention = t.app.deps.config.slips.failedFileRetentionDays * DAY_MS;
    t.clock.advance(retention - MINUTE_MS);
    expect((await housekeeping(t.app.deps)).failedSlipFiles).toBe(0);
    expect(present()).toEqual([true, true]);

    t.clock.advance(2 * MINUTE_MS);
    expect((await housekeeping(t.app.deps)).failedSlipFiles).toBe(1);
    expect(present()).toEqual([false, true]);
    // Recorded once: the next run has nothing to do; the row itself stays.
    expect((await housekeeping(t.app.deps)).failedSlipFiles).toBe(0);
    expect(await t.db.selectFrom('slip_file_purges').selectAll().execute()).toHaveLength(1);
    expect(await fileOf(failed.json<{ slipId: string }>().slipId)).toBe(failedKey);
  });
});
