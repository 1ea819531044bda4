import { MAX_AMOUNT_BAHT, providerCodes, type ProviderCode } from '@wallet/contract';
import { z } from 'zod';
import { BETS } from './demo-game.js';
import { faultKinds } from './game-provider.faults.js';
import { MAX_PLAY_ROUNDS } from './game-provider.store.js';

/** References and member references: what our server mints (ids, UUIDs, prefixed keys). */
export const refSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/, '1 to 64 of A-Z a-z 0-9 _ . : -');
export const usernameSchema = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'not a username');

/** Integer satang, positive, at most the contract's absurd-size bound. */
export const satangSchema = z
  .number()
  .int('integer satang, never a fraction')
  .positive()
  .max(MAX_AMOUNT_BAHT * 100);

export const codeParamsSchema = z.object({ code: z.enum(providerCodes) });
export const accountParamsSchema = z.object({
  code: z.enum(providerCodes),
  username: usernameSchema,
});
export const transferParamsSchema = z.object({ code: z.enum(providerCodes), ref: refSchema });

export const openAccountBodySchema = z.strictObject({ memberRef: refSchema });
/** The reset call carries no fields; `{}` or no body at all. */
export const emptyBodySchema = z.strictObject({}).optional();

export const transferBodySchema = z.strictObject({
  ref: refSchema,
  username: usernameSchema,
  direction: z.enum(['in', 'out']),
  amount: satangSchema,
});

export const launchBodySchema = z.strictObject({
  username: usernameSchema,
  /** Optional check for the auto-login routes that pass the password along. */
  password: z.string().min(1).max(64).optional(),
});

export const ledgerQuerySchema = z.strictObject({
  after: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(10_000).default(1000),
  username: usernameSchema.optional(),
});

/** An instant with its offset (`Z` or `+07:00`), e.g. what `Date.toISOString()` writes. */
const instantSchema = z.iso.datetime({ offset: true });

/** The bet report's window: rounds at or after `since` and before `until` (default: now). */
export const betReportQuerySchema = z
  .strictObject({ since: instantSchema, until: instantSchema.optional() })
  .transform(({ since, until }) => ({
    since: Date.parse(since),
    until: until === undefined ? undefined : Date.parse(until),
  }))
  .refine((q) => q.until === undefined || q.until >= q.since, {
    message: 'until is before since',
    path: ['until'],
  });

/** The tester's play call (decision 0076). */
export const playRoundsBodySchema = z.strictObject({
  rounds: z.number().int().min(1).max(MAX_PLAY_ROUNDS),
  bet: z.literal(BETS, { error: `one of the demo game's bets: ${BETS.join(', ')} satang` }),
  outcome: z.enum(['random', 'lose', 'win']).default('random'),
});

const probability = z.number().min(0).max(1).default(0);

export const faultSettingsSchema = z
  .strictObject({
    noAnswer: probability,
    http500: probability,
    slow: probability,
    appliedAnswerLost: probability,
    duplicate: probability,
    slowMs: z.number().int().min(0).max(60_000).default(0),
    seed: z.number().int().min(0).max(0xffff_ffff).default(1),
  })
  .refine((s) => faultKinds.reduce((sum, kind) => sum + s[kind], 0) <= 1 + 1e-9, {
    message: 'the probabilities add up to more than 1',
  })
  .refine((s) => s.slow === 0 || s.slowMs > 0, {
    message: 'slow answers need slowMs above 0',
    path: ['slowMs'],
  });

export const pageQuerySchema = z.strictObject({ code: z.enum(providerCodes).optional() });

/** Providers whose "user not found" our server maps to NOT_AREASLOT / NOT_UFABET. */
const userNotFoundCodes: readonly ProviderCode[] = ['AREASLOT', 'UFABET'];

/** The 404 error code a provider answers for a username it does not know. */
export function unknownUserError(code: ProviderCode): 'USER_NOT_FOUND' | 'ACCOUNT_NOT_FOUND' {
  return userNotFoundCodes.includes(code) ? 'USER_NOT_FOUND' : 'ACCOUNT_NOT_FOUND';
}
