// Issue 25, section 3 item 6 (decision 0123): promotion HTML is sanitised on the server
// before it is stored, with the one sanitiser of operator settings (lib/sanitize-html.ts):
// spin slice descriptions, bonus banners, invite banners, the refund text and banners. A
// member (and the console) reads what was kept; markup stored before is cleaned by
// migration 0029.
import { describe, expect, it } from 'vitest';
import { bonusBody, operatorCall } from '../../../test/bonus-support';
import { newMember } from '../../../test/game-support';
import {
  createTestDatabase,
  dialects,
  FakeClock,
  forEachDialect,
  testConfig,
} from '../../../test/helpers';
import { createDatabase } from '../../db/database';
import { migrateToBefore, migrateToLatest } from '../../db/migrate';
import { seed } from '../../seed';
import { PasswordHasher } from '../auth';

/** Each kind of markup the allowlist drops, around markup it keeps. */
const HOSTILE =
  '<b>kept</b><img src=x onerror="alert(1)"><script>alert(2)</script>' +
  '<a href="javascript:alert(3)">link</a><p onclick="alert(4)" style="color:red">para</p>' +
  '<iframe src="https://evil.example"></iframe><svg onload="alert(5)"></svg>';
const localized = (html: string) => ({ th: html, la: html, en: html });

/** What the allowlist leaves of HOSTILE. */
const KEPT = '<b>kept</b><a target="_blank" rel="noopener noreferrer nofollow">link</a><p>para</p>';

/** Every string in a JSON answer that carries markup, for the checks below. */
function markupIn(value: unknown): string[] {
  if (typeof value === 'string') return value.includes('<') ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(markupIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(markupIn);
  return [];
}

function expectClean(answer: unknown, where: string) {
  const strings = markupIn(answer);
  expect(strings.length, where).toBeGreaterThan(0);
  for (const html of strings) {
    expect(html, where).not.toMatch(
      /onerror|onclick|onload|<script|javascript:|<iframe|<svg|<img|style=/i,
    );
  }
}

forEachDialect('promotion HTML sanitised before storing (T10)', (get) => {
  it('invite banners: the operator answer and the member read keep only the allowlist', async () => {
    const t = get();
    const before = (await operatorCall(t, 'GET', '/api/operator/settings/invite')).json<object>();
    const saved = await operatorCall(t, 'PUT', '/api/operator/settings/invite', {
      ...before,
      banners: [{ image: '/api/promotions/art/invite.jpg', html: localized(HOSTILE) }],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ banners: { html: { en: string } }[] }>().banners[0]!.html.en).toBe(KEPT);
    const m = await newMember(t);
    const read = await t.call('GET', '/api/invite/banners', { token: m.token });
    expect(read.json<{ html: string }[]>()[0]!.html).toBe(KEPT);
    expectClean(read.json(), 'invite banners');
  });

  it('refund text and banners', async () => {
    const t = get();
    const before = (await operatorCall(t, 'GET', '/api/operator/settings/refund')).json<object>();
    const saved = await operatorCall(t, 'PUT', '/api/operator/settings/refund', {
      ...before,
      info: localized(HOSTILE),
      banners: [{ image: '/api/promotions/art/refund.jpg', html: localized(HOSTILE) }],
    });
    expect(saved.statusCode).toBe(200);
    const stored = saved.json<{ info: { th: string }; banners: { html: { la: string } }[] }>();
    expect([stored.info.th, stored.banners[0]!.html.la]).toEqual([KEPT, KEPT]);
    const m = await newMember(t);
    const check = await t.call('GET', '/api/refund/check', { token: m.token });
    expect(check.json<{ info: string }>().info).toBe(KEPT);
    const banners = await t.call('GET', '/api/refund/banners', { token: m.token });
    expect(banners.json<{ html: string }[]>()[0]!.html).toBe(KEPT);
  });

  it('bonus banners, on create and on update', async () => {
    const t = get();
    const body = {
      ...bonusBody(),
      banners: [{ image: '/api/promotions/art/bonus-welcome.jpg', html: localized(HOSTILE) }],
    };
    const created = await operatorCall(t, 'POST', '/api/operator/bonuses', body);
    expect(created.statusCode).toBe(200);
    expect(created.json<{ banners: { html: { th: string } }[] }>().banners[0]!.html.th).toBe(KEPT);
    const { code, ...rest } = body;
    const updated = await operatorCall(t, 'PUT', `/api/operator/bonuses/${code}`, {
      ...rest,
      banners: [{ image: '/x.jpg', html: localized(`<i>new</i>${HOSTILE}`) }],
    });
    expect(updated.statusCode).toBe(200);
    const m = await newMember(t);
    const list = await t.call('GET', '/api/bonus', { token: m.token });
    const mine = list
      .json<{ code: string; banners: { html: string }[] }[]>()
      .find((b) => b.code === code);
    expect(mine?.banners[0]?.html).toBe(`<i>new</i>${KEPT}`);
    expectClean(list.json(), 'bonus list');
  });

  it('spin slice descriptions, on create and on update', async () => {
    const t = get();
    const wheel = await operatorCall(t, 'POST', '/api/operator/spin/wheels', {
      name: localized('Clean'),
      active: false,
    });
    const id = wheel.json<{ _id: string }>()._id;
    const slice = {
      code: `H${process.pid % 1000}`,
      label: localized('H'),
      bgColor: '#112233',
      textColor: '#ffffff',
      htmlDescription: localized(HOSTILE),
      weight: 1,
      prize: 0,
      sortOrder: 0,
    };
    const created = await operatorCall(t, 'POST', `/api/operator/spin/wheels/${id}/slices`, slice);
    expect(created.statusCode).toBe(200);
    const stored = created.json<{ slices: { _id: string; htmlDescription: { en: string } }[] }>();
    expect(stored.slices[0]!.htmlDescription.en).toBe(KEPT);
    const updated = await operatorCall(
      t,
      'PUT',
      `/api/operator/spin/slices/${stored.slices[0]!._id}`,
      {
        htmlDescription: localized(`<u>u</u>${HOSTILE}`),
      },
    );
    expect(updated.statusCode).toBe(200);
    expect(
      updated.json<{ slices: { htmlDescription: { la: string } }[] }>().slices[0]!.htmlDescription
        .la,
    ).toBe(`<u>u</u>${KEPT}`);
    // The member's wheel (once switched on) reads the same.
    await operatorCall(t, 'PUT', `/api/operator/spin/wheels/${id}`, { active: true });
    const m = await newMember(t);
    const setup = await t.call('GET', '/api/spinwheel/setup', { token: m.token });
    const wheelSlices = setup.json<{ activeSpinwheel: { slices: { htmlDescription: string }[] } }>()
      .activeSpinwheel.slices;
    expect(wheelSlices.map((s) => s.htmlDescription)).toEqual([`<u>u</u>${KEPT}`]);
    expectClean(setup.json(), 'spin setup');
  });
});

describe('the sanitiser leaves the seeded promotion HTML as it is', () => {
  it('is a no-op on clean markup (so the demo content is stored clean)', async () => {
    const { sanitizeHtml } = await import('../../lib/sanitize-html');
    for (const html of [
      '<p><strong>Invite friends, earn 5%</strong> of each of their deposits</p>',
      '<p><b>100 baht</b> into your wallet.</p><p>Claim the coupon within 72 hours.</p>',
    ])
      expect(await sanitizeHtml(html)).toBe(html);
  });
});

describe.each(dialects)(
  'migration 0029 sanitises the promotion HTML stored before [%s]',
  (dialect) => {
    it('cleans bonus banners, spin slices and the invite and refund settings; leaves clean rows', async () => {
      const testDb = await createTestDatabase(dialect);
      const config = testConfig(testDb.database);
      const db = createDatabase(config);
      try {
        await migrateToBefore(db, '0029-abuse-limits');
        const clock = new FakeClock();
        await seed({ db, clock, config, passwords: new PasswordHasher(config.argon2) });
        // Markup as an operator could store it before the server sanitised promotion HTML.
        const bonus = await db
          .selectFrom('bonus_definitions')
          .select(['id'])
          .executeTakeFirstOrThrow();
        await db
          .updateTable('bonus_definitions')
          .set({ banners_json: JSON.stringify([{ image: '/b.jpg', html: localized(HOSTILE) }]) })
          .where('id', '=', bonus.id)
          .execute();
        const slice = await db.selectFrom('spin_slices').select(['id']).executeTakeFirstOrThrow();
        await db
          .updateTable('spin_slices')
          .set({ description_json: JSON.stringify(localized(HOSTILE)) })
          .where('id', '=', slice.id)
          .execute();
        for (const key of ['invite', 'refund'] as const) {
          const row = await db
            .selectFrom('operator_settings')
            .select('value_json')
            .where('key', '=', key)
            .executeTakeFirstOrThrow();
          const value = JSON.parse(row.value_json) as Record<string, unknown>;
          await db
            .updateTable('operator_settings')
            .set({
              value_json: JSON.stringify({
                ...value,
                banners: [{ image: '/i.jpg', html: localized(HOSTILE) }],
                ...(key === 'refund' ? { info: localized(HOSTILE) } : {}),
              }),
            })
            .where('key', '=', key)
            .execute();
        }
        const cleanBefore = await db
          .selectFrom('spin_slices')
          .select(['id', 'description_json'])
          .where('id', '!=', slice.id)
          .orderBy('id')
          .execute();

        await migrateToLatest(db);

        const cleanedBonus = await db
          .selectFrom('bonus_definitions')
          .select('banners_json')
          .where('id', '=', bonus.id)
          .executeTakeFirstOrThrow();
        expect(JSON.parse(cleanedBonus.banners_json)).toEqual([
          { image: '/b.jpg', html: localized(KEPT) },
        ]);
        const cleanedSlice = await db
          .selectFrom('spin_slices')
          .select('description_json')
          .where('id', '=', slice.id)
          .executeTakeFirstOrThrow();
        expect(JSON.parse(cleanedSlice.description_json)).toEqual(localized(KEPT));
        const settings = await db
          .selectFrom('operator_settings')
          .select(['key', 'value_json'])
          .where('key', 'in', ['invite', 'refund'])
          .execute();
        for (const row of settings) {
          const value = JSON.parse(row.value_json) as { banners: unknown; info?: unknown };
          expect(value.banners, row.key).toEqual([{ image: '/i.jpg', html: localized(KEPT) }]);
          if (row.key === 'refund') expect(value.info).toEqual(localized(KEPT));
        }
        // Rows that were clean stay exactly as they were.
        const cleanAfter = await db
          .selectFrom('spin_slices')
          .select(['id', 'description_json'])
          .where('id', '!=', slice.id)
          .orderBy('id')
          .execute();
        expect(cleanAfter).toEqual(cleanBefore);
        expect(cleanBefore.length).toBeGreaterThan(0);
      } finally {
        await db.destroy();
        await testDb.drop();
      }
    });
  },
);
