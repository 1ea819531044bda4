// The operator's side of the spin wheel (decision 0082): wheels (switching one on switches
// the others off, in one transaction; the partial unique index holds "at most one"), slices,
// the coupons won, and the coin and coupon settings.
import type { OperatorWheel } from '@wallet/contract';
import { bahtToSatang, satangToBaht, SPIN_MAX_SLICES } from '@wallet/contract';
import type { AppDeps } from '../../../deps';
import type { Db } from '../../../db/database';
import { isUniqueViolation, withTransaction } from '../../../db/transaction';
import { isoNow } from '../../../lib/clock';
import type { Localized } from '../../settings';
import { getSetting, setSetting } from '../../settings';
import { SpinError } from './spin.errors';
import * as repo from './spin.repository';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export interface SliceInput {
  code: string;
  label: Localized;
  bgColor: string;
  textColor: string;
  htmlDescription: Localized;
  weight: number;
  /** Baht (0: no prize). */
  prize: number;
  sortOrder: number;
}

async function wheelAnswer(db: Db, wheelId: number): Promise<OperatorWheel> {
  const [wheel] = await wheelsAnswer(db, [wheelId]);
  if (!wheel) throw new SpinError('NO_DATA');
  return wheel;
}

async function wheelsAnswer(db: Db, only?: number[]): Promise<OperatorWheel[]> {
  const wheels = (await repo.listWheels(db)).filter((w) => !only || only.includes(w.id));
  const slices = await repo.slicesOf(
    db,
    wheels.map((w) => w.id),
  );
  return wheels.map((w) => ({
    _id: String(w.id),
    name: JSON.parse(w.name_json) as Localized,
    active: w.active === 1,
    slices: slices
      .filter((s) => s.wheel_id === w.id)
      .map((s) => ({
        _id: String(s.id),
        code: s.code,
        label: JSON.parse(s.label_json) as Localized,
        bgColor: s.bg_color,
        textColor: s.text_color,
        htmlDescription: JSON.parse(s.description_json) as Localized,
        weight: s.weight,
        prize: satangToBaht(s.prize),
        sortOrder: s.sort_order,
      })),
  }));
}

export const listWheels = (deps: Deps) => wheelsAnswer(deps.db);

export function createWheel(deps: Deps, input: { name: Localized; active: boolean }) {
  return withTransaction(deps.db, async (trx) => {
    const at = isoNow(deps.clock);
    const { id } = await repo.insertWheel(trx, JSON.stringify(input.name), at);
    if (input.active) {
      await repo.deactivateOthers(trx, id, at);
      await repo.updateWheel(trx, id, { active: 1 }, at);
    }
    return wheelAnswer(trx, id);
  });
}

export function updateWheel(
  deps: Deps,
  wheelId: number,
  input: { name?: Localized | undefined; active?: boolean | undefined },
) {
  return withTransaction(deps.db, async (trx) => {
    if (!(await repo.wheelById(trx, wheelId))) throw new SpinError('NO_DATA');
    const at = isoNow(deps.clock);
    if (input.active) await repo.deactivateOthers(trx, wheelId, at);
    await repo.updateWheel(
      trx,
      wheelId,
      {
        ...(input.name ? { name_json: JSON.stringify(input.name) } : {}),
        ...(input.active === undefined ? {} : { active: input.active ? 1 : 0 }),
      },
      at,
    );
    return wheelAnswer(trx, wheelId);
  });
}

function sliceValues(input: Partial<SliceInput>): Partial<repo.SliceValues> {
  return {
    ...(input.code === undefined ? {} : { code: input.code }),
    ...(input.label === undefined ? {} : { label_json: JSON.stringify(input.label) }),
    ...(input.bgColor === undefined ? {} : { bg_color: input.bgColor }),
    ...(input.textColor === undefined ? {} : { text_color: input.textColor }),
    ...(input.htmlDescription === undefined
      ? {}
      : { description_json: JSON.stringify(input.htmlDescription) }),
    ...(input.weight === undefined ? {} : { weight: input.weight }),
    ...(input.prize === undefined
      ? {}
      : { prize: input.prize === 0 ? 0 : bahtToSatang(input.prize) }),
    ...(input.sortOrder === undefined ? {} : { sort_order: input.sortOrder }),
  };
}

async function codeTaken<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isUniqueViolation(error, 'spin_slices', 'code')) throw new SpinError('KEY_INVALID', 'code');
    throw error;
  }
}

export function createSlice(deps: Deps, wheelId: number, input: SliceInput) {
  return codeTaken(() =>
    withTransaction(deps.db, async (trx) => {
      if (!(await repo.wheelById(trx, wheelId))) throw new SpinError('NO_DATA');
      if ((await repo.countSlices(trx, wheelId)) >= SPIN_MAX_SLICES)
        throw new SpinError('KEY_INVALID');
      await repo.insertSlice(
        trx,
        wheelId,
        sliceValues(input) as repo.SliceValues,
        isoNow(deps.clock),
      );
      return wheelAnswer(trx, wheelId);
    }),
  );
}

export function updateSlice(deps: Deps, sliceId: number, input: Partial<SliceInput>) {
  return codeTaken(() =>
    withTransaction(deps.db, async (trx) => {
      const slice = await repo.sliceById(trx, sliceId);
      if (!slice) throw new SpinError('NO_DATA');
      await repo.updateSlice(trx, sliceId, sliceValues(input), isoNow(deps.clock));
      return wheelAnswer(trx, slice.wheel_id);
    }),
  );
}

export async function listCoupons(deps: Deps) {
  const rows = await repo.latestCoupons(deps.db, 200);
  return rows.map((r) => ({
    _id: String(r.id),
    memberId: r.member_no,
    sliceCode: r.code,
    amount: satangToBaht(r.amount),
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    claimedAt: r.claimed_at,
  }));
}

export async function settings(deps: Deps) {
  const value = await getSetting(deps.db, 'spin');
  return {
    coinPer: satangToBaht(value.coinPerSatang),
    couponHours: value.couponHours,
    maxCoinsPerDay: value.maxCoinsPerDay,
    turnoverPercent: value.successPercent,
    failPercent: value.failPercent,
  };
}

export async function setSettings(
  deps: Deps,
  input: {
    coinPer: number;
    couponHours: number;
    maxCoinsPerDay?: number | undefined;
    turnoverPercent?: number | undefined;
    failPercent?: number | undefined;
  },
) {
  const current = await getSetting(deps.db, 'spin');
  await setSetting(deps.db, deps.clock, 'spin', {
    coinPerSatang: bahtToSatang(input.coinPer),
    couponHours: input.couponHours,
    maxCoinsPerDay: input.maxCoinsPerDay ?? current.maxCoinsPerDay,
    successPercent: input.turnoverPercent ?? current.successPercent,
    failPercent: input.failPercent ?? current.failPercent,
  });
  return settings(deps);
}

/** One wheel as the operator sees it, or null (an audit row's `before`). */
export async function findWheel(deps: Deps, wheelId: number): Promise<OperatorWheel | null> {
  const [wheel] = await wheelsAnswer(deps.db, [wheelId]);
  return wheel ?? null;
}

/** One slice with its wheel's id, or null (an audit row's `before`). */
export async function findSlice(deps: Deps, sliceId: number) {
  const slice = await repo.sliceById(deps.db, sliceId);
  if (!slice) return null;
  const wheel = await findWheel(deps, slice.wheel_id);
  const view = wheel?.slices.find((s) => s._id === String(sliceId));
  return view ? { wheelId: slice.wheel_id, slice: view } : null;
}

/** Coupons newest first, by member number and state, a page at a time (decision 0092). */
export async function couponsPage(
  deps: Deps,
  query: {
    member?: string | undefined;
    status?: 'open' | 'claimed' | 'expired' | undefined;
    page: number;
    pageSize: number;
  },
) {
  const at = isoNow(deps.clock);
  const { rows, total } = await repo.couponsPage(
    deps.db,
    { memberNo: query.member, status: query.status, at },
    query.page,
    query.pageSize,
  );
  return {
    rows: rows.map((r) => ({
      _id: String(r.id),
      memberId: r.member_no,
      sliceCode: r.code,
      amount: satangToBaht(r.amount),
      createdAt: r.created_at,
      expiresAt: r.expires_at,
      claimedAt: r.claimed_at,
      status: r.claimed_at
        ? ('claimed' as const)
        : r.expires_at <= at
          ? ('expired' as const)
          : ('open' as const),
    })),
    total,
    page: query.page,
  };
}
