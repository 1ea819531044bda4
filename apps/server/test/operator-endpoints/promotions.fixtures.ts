// The promotions module's changing operator endpoints (issues 12 and 13, decisions 0071,
// 0082, 0092): one successful call of each, for the audit walker. Codes are new per call.
import { randomUUID } from 'node:crypto';
import { bonusBody, createBonus, createPromotion, newCode } from '../bonus-support';
import type { TestApp } from '../helpers';
import type { OperatorFixtures } from './fixture';

const localized = (text: string) => ({ th: `${text} th`, la: `${text} la`, en: `${text} en` });

const sliceBody = () => ({
  code: `F${randomUUID().slice(0, 8).toUpperCase()}`,
  label: localized('slice'),
  bgColor: '#112233',
  textColor: '#ffffff',
  htmlDescription: localized('<p>slice</p>'),
  weight: 1,
  prize: 5,
  sortOrder: 0,
});

const promotionBody = (bonusCode: string) => ({
  bonusCode,
  description: localized('promo'),
  validFrom: '2020-01-01T00:00:00.000Z',
  validTo: null,
  maxUsesPerMember: 1,
  maxUsesTotal: null,
  enabled: true,
});

async function operatorGet<T>(t: TestApp, url: string): Promise<T> {
  const res = await t.call('GET', url, { token: await t.operatorToken() });
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  return res.json<T>();
}

/** A new switched-off wheel; its id. */
async function newWheel(t: TestApp): Promise<string> {
  const res = await t.call('POST', '/api/operator/spin/wheels', {
    token: await t.operatorToken(),
    body: { name: localized('fixture'), active: false },
  });
  if (res.statusCode !== 200) throw new Error(`new wheel: ${res.statusCode} ${res.body}`);
  return res.json<{ _id: string }>()._id;
}

export const fixtures: OperatorFixtures = {
  'POST /api/operator/bonuses': async () => ({ body: bonusBody() }),
  'PUT /api/operator/bonuses/:code': async (t) => {
    const code = await createBonus(t);
    const { code: _, ...body } = bonusBody({ code, percentFail: 20 });
    return { params: { code }, body };
  },
  'POST /api/operator/promotions': async (t) => ({
    body: { code: newCode('P'), ...promotionBody(await createBonus(t)) },
  }),
  'PUT /api/operator/promotions/:code': async (t) => {
    const bonus = await createBonus(t);
    const code = await createPromotion(t, bonus);
    return { params: { code }, body: { ...promotionBody(bonus), maxUsesTotal: 10 } };
  },
  'PUT /api/operator/settings/invite': async (t) => ({
    body: await operatorGet(t, '/api/operator/settings/invite'),
  }),
  'PUT /api/operator/settings/refund': async (t) => ({
    body: await operatorGet(t, '/api/operator/settings/refund'),
  }),
  'POST /api/operator/spin/wheels': async () => ({
    body: { name: localized('fixture'), active: false },
  }),
  'PUT /api/operator/spin/wheels/:wheelId': async (t) => ({
    params: { wheelId: await newWheel(t) },
    body: { name: localized('renamed') },
  }),
  'POST /api/operator/spin/wheels/:wheelId/slices': async (t) => ({
    params: { wheelId: await newWheel(t) },
    body: sliceBody(),
  }),
  'PUT /api/operator/spin/slices/:sliceId': async (t) => {
    const wheelId = await newWheel(t);
    const res = await t.call('POST', `/api/operator/spin/wheels/${wheelId}/slices`, {
      token: await t.operatorToken(),
      body: sliceBody(),
    });
    if (res.statusCode !== 200) throw new Error(`new slice: ${res.statusCode} ${res.body}`);
    const sliceId = res.json<{ slices: { _id: string }[] }>().slices[0]!._id;
    return { params: { sliceId }, body: { weight: 2 } };
  },
  'PUT /api/operator/spin/settings': async (t) => ({
    body: await operatorGet(t, '/api/operator/spin/settings'),
  }),
};
