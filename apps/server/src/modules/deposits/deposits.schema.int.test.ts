// The database itself refuses a second credit (migration 0007), whatever the code does.
import { expect, it } from 'vitest';
import { forEachDialect } from '../../../test/helpers';
import {
  createQr,
  deliverWebhook,
  encryptGiftLink,
  redeemLink,
} from '../../../test/deposit-support';
import type { QrAnswer } from '../../../test/deposit-support';
import { phoneOf } from '../../../test/reliability/deposit-races';
import { newMember } from '../../../test/reliability/money-helpers';

forEachDialect('deposit tables', (get) => {
  it('keep a paid QR fixed, one payment per QR and one open QR per member', async () => {
    const t = get();
    const m = await newMember(t);
    const qr = (await createQr(t, m.token, 'KBANK', 10)).json<QrAnswer>();
    const event = t.qr.pay('KBANK', qr.qrcodeId!);
    expect((await deliverWebhook(t, event)).statusCode).toBe(200);
    const paid = await t.db
      .selectFrom('qr_deposits')
      .selectAll()
      .where('ref', '=', qr.qrcodeId!)
      .executeTakeFirstOrThrow();
    const update = (changes: Record<string, unknown>) =>
      t.db.updateTable('qr_deposits').set(changes).where('id', '=', paid.id).execute();
    await expect(update({ status: 'OPEN', ledger_tx_id: null })).rejects.toThrow();
    await expect(update({ amount: 1 })).rejects.toThrow();
    await expect(update({ last_error: 'x' })).rejects.toThrow(/never changes/);
    await expect(
      t.db.deleteFrom('qr_deposits').where('id', '=', paid.id).execute(),
    ).rejects.toThrow();

    const open = (await createQr(t, m.token, 'WW', 100)).json<QrAnswer>();
    const row = await t.db
      .selectFrom('qr_deposits')
      .selectAll()
      .where('ref', '=', open.qrcodeId!)
      .executeTakeFirstOrThrow();
    const base = {
      member_id: m.id,
      gateway: 'KBANK',
      amount: 100,
      currency: 'BAHT' as const,
      expires_at: row.expires_at,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
    // A second open QR for the member.
    await expect(
      t.db
        .insertInto('qr_deposits')
        .values({ ...base, ref: 'QRTEST00000000000001', idempotency_key: 'k1', status: 'OPEN' })
        .execute(),
    ).rejects.toThrow();
    // The same gateway transaction on another QR.
    await expect(
      t.db
        .insertInto('qr_deposits')
        .values({
          ...base,
          ref: 'QRTEST00000000000002',
          idempotency_key: 'k2',
          status: 'CANCELLED',
          txn_id: event.txnId,
        })
        .execute(),
    ).rejects.toThrow();
    // A charge id, once known, never changes or goes away.
    const rowUpdate = (changes: Record<string, unknown>) =>
      t.db.updateTable('qr_deposits').set(changes).where('id', '=', row.id).execute();
    await expect(rowUpdate({ charge_id: null })).rejects.toThrow();
    await expect(rowUpdate({ charge_id: 'ch_other' })).rejects.toThrow();
    await expect(rowUpdate({ status: 'PAID' })).rejects.toThrow(); // PAID needs its ledger posting
  });

  it('keep a credited gift voucher fixed and claimed once', async () => {
    const t = get();
    const m = await newMember(t);
    const voucher = t.gifts.issue(await phoneOf(t.db, m.id), 300);
    expect((await redeemLink(t, m.token, encryptGiftLink(voucher.link))).statusCode).toBe(200);
    const row = await t.db
      .selectFrom('gift_redemptions')
      .selectAll()
      .where('hash', '=', voucher.hash)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('CREDITED');
    await expect(
      t.db
        .updateTable('gift_redemptions')
        .set({ status: 'PENDING', ledger_tx_id: null })
        .where('id', '=', row.id)
        .execute(),
    ).rejects.toThrow();
    await expect(
      t.db.deleteFrom('gift_redemptions').where('id', '=', row.id).execute(),
    ).rejects.toThrow();
    const { id: _id, ...copy } = row;
    await expect(
      t.db
        .insertInto('gift_redemptions')
        .values({ ...copy, ref: 'GLTEST', status: 'PENDING', ledger_tx_id: null })
        .execute(),
    ).rejects.toThrow();
  });
});
