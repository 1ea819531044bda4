// What every module needs, built once in app.ts and handed down (no globals).
import type { Currency, OperatorRole } from '@wallet/contract';
import type { Config } from './config';
import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import type { ChatHub } from './ports/chat-hub';
import type { GameProvider } from './ports/game-provider';
import type { GiftLinkRedeemer } from './ports/gift-link-redeemer';
import type { FileStore } from './ports/file-store';
import type { PasswordHasher } from './ports/password-hasher';
import type { PayoutRail } from './ports/payout-rail';
import type { PushSender } from './ports/push-sender';
import type { SharedCounter } from './ports/shared-counter';
import type { QrGateway } from './ports/qr-gateway';
import type { SlipVerifier } from './ports/slip-verifier';
import type { SmsSender } from './ports/sms-sender';

export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  sms: SmsSender;
  passwords: PasswordHasher;
  gameProvider: GameProvider;
  payoutRail: PayoutRail;
  qrGateway: QrGateway;
  giftLinks: GiftLinkRedeemer;
  slipVerifier: SlipVerifier;
  fileStore: FileStore;
  /** Live chat delivery (decision 0095): in-process by default, Socket.IO when listening. */
  chatHub: ChatHub;
  /** Per-IP limits and per-caller windows every server process sees (decision 0103). */
  counters: SharedCounter;
  /** Web Push services (decision 0152): the browsers' in production, the sandbox's in development. */
  pushSender: PushSender;
}

/** Who is calling, set by the access check of the contract route helper. */
export type AuthContext =
  | {
      kind: 'member';
      memberId: number;
      memberNo: string;
      sessionId: number;
      /** The member's money currency (decision 0033): BAHT, or LAK in Lao builds. */
      currency: Currency;
      /** members.wallet_version as read with the session (the wallet answer cache, 0034). */
      walletVersion: number;
    }
  | {
      kind: 'operator';
      operatorId: number;
      username: string;
      sessionId: number;
      /** What the operator may do (decision 0086); routes check it against `roles`. */
      role: OperatorRole;
    };

export type MemberAuth = Extract<AuthContext, { kind: 'member' }>;
export type OperatorAuth = Extract<AuthContext, { kind: 'operator' }>;

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
