import { z } from 'zod';
import { endpoint } from '../endpoint';
import { routes } from '../routes';
import { pageOf, pageQuerySchema } from './operator';

// Markers of harm (issue 28, docs/decisions/0146-markers-of-harm.md). The queue is computed on
// read over the last 30 days; notes and the "contacted" mark are stored. A member counts as
// not contacted while nobody marked them, or when a marker fired again after the mark.

export const harmMarkers = [
  'depositAfterLoss',
  'depositsPerDay',
  'cancelledWithdrawals',
  'longSession',
  'lateNight',
  'limitRaises',
] as const;
export type HarmMarker = (typeof harmMarkers)[number];

/** The thresholds; admins change them (defaults in decision 0146). */
export const harmSettingsSchema = z.strictObject({
  /** A deposit within this many minutes after money went into a game and did not come back. */
  depositAfterLossMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  /** ...at least this many times in 30 days. */
  depositAfterLossCount: z.number().int().min(1).max(100),
  /** At least this many credited deposits on one Bangkok day. */
  depositsPerDay: z.number().int().min(2).max(100),
  /** At least this many failed or rejected withdrawals in 30 days. */
  cancelledWithdrawals: z.number().int().min(1).max(100),
  /** A signed-in session longer than this many hours. */
  longSessionHours: z.number().int().min(1).max(72),
  /** Play (money into a game) between 00:00 and 06:00 Bangkok on at least this many nights. */
  lateNightNights: z.number().int().min(1).max(30),
  /** At least this many limit raise or removal requests in 30 days. */
  limitRaises: z.number().int().min(1).max(100),
});
export type HarmSettings = z.infer<typeof harmSettingsSchema>;

export const harmEntrySchema = z.object({
  memberNo: z.string(),
  name: z.string(),
  /** Each matched marker with its figure (count, or hours for a long session). */
  markers: z.array(
    z.object({ marker: z.enum(harmMarkers), figure: z.number(), threshold: z.number() }),
  ),
  firstSeen: z.string(),
  lastSeen: z.string(),
  contacted: z.object({ by: z.string(), at: z.string() }).nullable(),
  /** True: nobody contacted the member since the last matched behaviour. */
  needsContact: z.boolean(),
  notes: z.array(
    z.object({ id: z.number().int(), at: z.string(), by: z.string(), text: z.string() }),
  ),
});
export type HarmEntry = z.infer<typeof harmEntrySchema>;

const memberNoParams = z.object({ memberNo: z.string().min(1).max(20) });
const h = routes.operatorHarm;

export const operatorHarmEndpoints = {
  queue: endpoint({
    ...h.queue,
    summary:
      'A page of the members whose last 30 days match a marker of harm (not contacted first, then latest behaviour), with figures, notes, contact',
    query: pageQuerySchema,
    response: pageOf(harmEntrySchema).extend({
      /** Flagged members (all pages) nobody contacted since their last matched behaviour. */
      needsContact: z.number().int(),
      settings: harmSettingsSchema,
    }),
    milestone: 28,
  }),
  addNote: endpoint({
    ...h.addNote,
    summary: "Add an operator's note to a member in the queue",
    params: memberNoParams,
    body: z.strictObject({ text: z.string().trim().min(1).max(2000) }),
    response: harmEntrySchema.shape.notes.element,
    milestone: 28,
  }),
  contacted: endpoint({
    ...h.contacted,
    summary: 'Mark a member as contacted now (who, when)',
    params: memberNoParams,
    body: z.strictObject({}),
    response: z.object({ by: z.string(), at: z.string() }),
    milestone: 28,
  }),
  settings: endpoint({
    ...h.settings,
    summary: 'The thresholds of the markers of harm',
    response: harmSettingsSchema,
    milestone: 28,
  }),
  saveSettings: endpoint({
    ...h.saveSettings,
    summary: 'Replace the thresholds of the markers of harm (admin)',
    body: harmSettingsSchema,
    response: harmSettingsSchema,
    milestone: 28,
  }),
  tools: endpoint({
    ...h.tools,
    summary: 'How many members use each protection tool now',
    response: z.object({
      depositLimit: z.number().int(),
      lossLimit: z.number().int(),
      timeOut: z.number().int(),
      selfExclusion: z.number().int(),
      realityCheck: z.number().int(),
    }),
    milestone: 28,
  }),
};
