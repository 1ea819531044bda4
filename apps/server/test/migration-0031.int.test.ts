// Migration 0031 (decision 0132) on rows an older release wrote: promotion statement rows
// from before decision 0112 kept one description in the language the member read then
// ("Cashback refund 2026-11-23" in a Thai statement) and finish_bonus rows none. After it,
// each reads in the reader's language, traced from the row's own grant or coupon; what it
// cannot trace, and every other row, is left as it was. On both databases.
import { describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../src/db/database';
import { migrateToBefore, migrateToLatest } from '../src/db/migrate';
import { statementDescriptionsPerLanguage } from '../src/db/migrations/0031-statement-descriptions';
import { PasswordHasher } from '../src/modules/auth';
import { listStatement } from '../src/modules/statement';
import { DEMO_MEMBER, seed } from '../src/seed';
import { createTestDatabase, dialects, FakeClock, testConfig } from './helpers';

const AT = '2026-11-23T05:00:00.000Z';
const WELCOME = { th: 'โบนัสต้อนรับ 100%', la: 'ໂບນັດຕ້ອນຮັບ 100%', en: 'Welcome bonus 100%' };
const REFUND = { th: 'คืนยอดเสีย', la: 'ຄືນຍອດເສຍ', en: 'Cashback refund' };
const INVITE = { th: 'โบนัสแนะนำเพื่อน', la: 'ໂບນັດແນະນຳໝູ່', en: 'Invite bonus' };

async function grant(db: Db, memberId: number, kind: string, name: object): Promise<number> {
  const row = await db
    .insertInto('promotion_grants')
    .values({
      member_id: memberId,
      kind: kind as 'bonus',
      source_code: null,
      name_json: JSON.stringify(name),
      currency: 'BAHT',
      credited: 100_00,
      base: 100_00,
      required: 100_00,
      weights_json: JSON.stringify({ slot: 100, sport: 50, lotto: 0 }),
      percent_fail: 0,
      deposit_ref: null,
      ledger_tx_id: null,
      status: 'met',
      started_at: AT,
      ended_at: AT,
      updated_at: AT,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function row(
  db: Db,
  memberId: number,
  reference: string,
  type: 'bonus' | 'finish_bonus' | 'deposit',
  related: object | null,
) {
  await db
    .insertInto('statement_items')
    .values({
      member_id: memberId,
      reference,
      statement_type: type,
      status: 'SUCCESS',
      from_label: type === 'finish_bonus' ? 'WALLET' : type === 'bonus' ? 'BONUS' : 'KBANK',
      to_label: type === 'finish_bonus' ? 'BONUS' : 'WALLET',
      amount: type === 'finish_bonus' ? 0 : 100_00,
      related_json: related === null ? null : JSON.stringify(related),
      created_at: AT,
      updated_at: AT,
    })
    .execute();
}

describe.each(dialects)('migration 0031: statement descriptions per language [%s]', (dialect) => {
  it('rewrites old promotion rows into every language, traced from their grant or coupon', async () => {
    const testDb = await createTestDatabase(dialect);
    const config = testConfig(testDb.database);
    const db = createDatabase(config);
    try {
      await migrateToBefore(db, '0031-statement-descriptions');
      await seed({
        db,
        clock: new FakeClock(),
        config,
        passwords: new PasswordHasher(config.argon2),
      });
      const member = await db
        .selectFrom('members')
        .select('id')
        .where('username', '=', DEMO_MEMBER.username)
        .executeTakeFirstOrThrow();
      const m = Number(member.id);

      // As the release before decision 0112 wrote them: one text, in the reader's language.
      const bonus = await grant(db, m, 'bonus', WELCOME);
      await row(db, m, `BN${bonus}`, 'bonus', { bonus: { description: WELCOME.en } });
      await row(db, m, `BN${bonus}-END`, 'finish_bonus', null);
      const refund = await grant(db, m, 'refund', REFUND);
      await row(db, m, `BN${refund}`, 'bonus', {
        refund: { description: 'Cashback refund 2026-11-23' },
      });
      const invite = await grant(db, m, 'invite', INVITE);
      await row(db, m, `BN${invite}`, 'bonus', { invite: { description: INVITE.th } });
      await row(db, m, `BN${invite}-END`, 'finish_bonus', null);
      const slice = await db
        .selectFrom('spin_slices as s')
        .innerJoin('spin_wheels as w', 'w.id', 's.wheel_id')
        .select(['s.id', 's.wheel_id', 's.label_json', 'w.name_json'])
        .where('s.prize', '>', 0)
        .executeTakeFirstOrThrow();
      const spin = await db
        .insertInto('spins')
        .values({
          member_id: m,
          wheel_id: slice.wheel_id,
          slice_id: slice.id,
          idempotency_key: null,
          coin_after: 0,
          created_at: AT,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const coupon = await db
        .insertInto('spin_coupons')
        .values({
          spin_id: spin.id,
          member_id: m,
          slice_id: slice.id,
          amount: 20_00,
          expires_at: AT,
          claimed_at: AT,
          ledger_tx_id: null,
          created_at: AT,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const wheel = JSON.parse(slice.name_json) as typeof WELCOME;
      const label = JSON.parse(slice.label_json) as typeof WELCOME;
      await row(db, m, `BNC${coupon.id}`, 'bonus', {
        luckydraw: { description: `${wheel.la}: ${label.la}` },
      });
      // Not traceable (the grant's name changed since), new-style, and not a promotion row.
      const renamed = await grant(db, m, 'bonus', WELCOME);
      await row(db, m, `BN${renamed}`, 'bonus', { bonus: { description: 'Old name' } });
      const fresh = await grant(db, m, 'promotion', WELCOME);
      await row(db, m, `BN${fresh}`, 'bonus', { promotion: { description: WELCOME } });
      await row(db, m, 'QR123', 'deposit', null);
      const untouched = await db
        .selectFrom('statement_items')
        .select(['reference', 'related_json'])
        .where('reference', 'in', [`BN${renamed}`, `BN${fresh}`, 'QR123'])
        .orderBy('reference')
        .execute();

      await migrateToLatest(db);

      const read = async (locale: 'th' | 'la' | 'en') =>
        Object.fromEntries(
          (await listStatement(db, m, { page: 1, limit: 50 }, locale)).statements.map((s) => [
            s._id,
            {
              ...(s.bonus ? { bonus: s.bonus.description } : {}),
              ...(s.promotion ? { promotion: s.promotion.description } : {}),
              ...(s.invite ? { invite: s.invite.description } : {}),
              ...(s.refund ? { refund: s.refund.description } : {}),
              ...(s.luckydraw ? { luckydraw: s.luckydraw.description } : {}),
            },
          ]),
        );
      for (const locale of ['th', 'la', 'en'] as const) {
        expect(await read(locale), locale).toEqual({
          [`BN${bonus}`]: { bonus: WELCOME[locale] },
          [`BN${bonus}-END`]: { bonus: WELCOME[locale] },
          [`BN${refund}`]: { refund: `${REFUND[locale]} 2026-11-23` },
          [`BN${invite}`]: { invite: INVITE[locale] },
          [`BN${invite}-END`]: { invite: INVITE[locale] },
          [`BNC${coupon.id}`]: { luckydraw: `${wheel[locale]}: ${label[locale]}` },
          [`BN${renamed}`]: { bonus: 'Old name' },
          [`BN${fresh}`]: { promotion: WELCOME[locale] },
          QR123: {},
        });
      }
      expect(
        await db
          .selectFrom('statement_items')
          .select(['reference', 'related_json'])
          .where('reference', 'in', [`BN${renamed}`, `BN${fresh}`, 'QR123'])
          .orderBy('reference')
          .execute(),
      ).toEqual(untouched);
      // Running it again changes nothing.
      expect(await statementDescriptionsPerLanguage(db)).toBe(0);
    } finally {
      await db.destroy();
      await testDb.drop();
    }
  });
});
