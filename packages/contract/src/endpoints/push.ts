import { z } from 'zod';
import { endpoint } from '../endpoint';
import { PUSH_KINDS, PUSH_LANGS, type PushPayload } from '../push-payload';
import { routes } from '../routes';

// Web Push for money events (issue 29, docs/decisions/0152-push-notifications.md). A member
// subscribes each device (the browser's PushSubscription) and chooses per kind; the server
// pushes one encrypted JSON payload per event to each of the member's live devices.

// What the server pushes about: zod-free in ../push-payload (the member app lists them too).
export { PUSH_KINDS, type PushKind } from '../push-payload';

/**
 * The payload's shape checked on the server's side of the contract; its type and the
 * service worker's reader are zod-free in ../push-payload.
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string().regex(/^\/[^/]/),
  tag: z.string(),
  lang: z.enum(PUSH_LANGS),
}) satisfies z.ZodType<PushPayload>;

/** A browser's PushSubscription as `toJSON()` gives it (base64url keys). */
export const pushSubscriptionSchema = z.strictObject({
  endpoint: z.url({ protocol: /^https?$/ }).max(1000),
  keys: z.strictObject({
    /** The device's P-256 public key, uncompressed (65 bytes, 87 base64url characters). */
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/),
    /** The 16-byte auth secret (22 base64url characters). */
    auth: z.string().regex(/^[A-Za-z0-9_-]{21,24}={0,2}$/),
  }),
  /** What `toJSON()` also gives (ms since the epoch, usually null): accepted, not kept. */
  expirationTime: z.number().int().nonnegative().nullable().optional(),
});

export const pushPreferencesSchema = z.object({
  deposit_credited: z.boolean(),
  withdrawal_paid: z.boolean(),
  withdrawal_rejected: z.boolean(),
  support_reply: z.boolean(),
  bonus_turnover_met: z.boolean(),
});
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;

const preferencesAnswer = z.object({
  preferences: pushPreferencesSchema,
  /** The language of this member's push texts. */
  lang: z.enum(PUSH_LANGS),
  /** Devices of this member that would receive a push now. */
  devices: z.number().int(),
});

const p = routes.push;

export const pushEndpoints = {
  config: endpoint({
    ...p.config,
    summary: "The server's public VAPID key (applicationServerKey) and the kinds it pushes",
    response: z.object({
      /** base64url, the uncompressed P-256 point (pushManager.subscribe's applicationServerKey). */
      publicKey: z.string(),
      kinds: z.array(z.enum(PUSH_KINDS)),
    }),
    milestone: 29,
  }),
  subscribe: endpoint({
    ...p.subscribe,
    summary:
      "Subscribe this device (the browser's PushSubscription); a known endpoint moves to this member and session",
    body: z.strictObject({
      subscription: pushSubscriptionSchema,
      /** The language of this member's texts from now on (the app's language). */
      lang: z.enum(PUSH_LANGS),
      /** A short device label (the browser and system), shown to nobody but the member. */
      label: z.string().trim().max(80).optional(),
    }),
    response: z.object({ message: z.literal('OK') }),
    milestone: 29,
  }),
  unsubscribe: endpoint({
    ...p.unsubscribe,
    summary:
      "Remove this device's subscription (also sent before logout); another member's: NO_DATA",
    body: z.strictObject({ endpoint: z.string().min(1).max(1000) }),
    response: z.object({ message: z.literal('OK') }),
    milestone: 29,
  }),
  preferences: endpoint({
    ...p.preferences,
    summary: 'The per-kind push choices (all on until changed) and the texts language',
    response: preferencesAnswer,
    milestone: 29,
  }),
  setPreferences: endpoint({
    ...p.setPreferences,
    summary: 'Set the per-kind push choices (every kind named) and, optionally, the language',
    body: z.strictObject({
      preferences: z.strictObject(pushPreferencesSchema.shape),
      lang: z.enum(PUSH_LANGS).optional(),
    }),
    response: preferencesAnswer,
    milestone: 29,
  }),
};
