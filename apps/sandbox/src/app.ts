import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { defaultConfig, type SandboxConfig } from './config.js';
import { PAGE_CSP } from './lib/html.js';
import { serializeRequest } from './lib/log-redaction.js';
import { renderLanding } from './landing.js';
import type { PartContext, SandboxPart } from './parts/part.js';
import { type SmsStore, smsPart } from './parts/sms/index.js';
import { type GameProviderStore, gameProviderPart } from './parts/game-provider/index.js';
import {
  type BankStore,
  WebhookDispatcher,
  bankPart,
  type WebhookOptions,
} from './parts/bank/index.js';
import { type GiftStore, giftPart } from './parts/gift/index.js';
import { PushStore, pushPart } from './parts/push/index.js';
import { StateFileWriter, loadStores, storesFrom, type StateEvent } from './state-file.js';

/** State the parts keep in memory, reachable from main.ts and tests. */
export interface SandboxState {
  sms: SmsStore;
  gameProvider: GameProviderStore;
  bank: BankStore;
  /** Deliveries of the QR gateway's charge.paid webhooks. */
  webhooks: WebhookDispatcher;
  gift: GiftStore;
  /** The push service's devices and received messages (memory only, decision 0153). */
  push: PushStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    sandbox: SandboxState;
  }
}

export interface BuildSandboxOptions {
  config?: Partial<SandboxConfig>;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** Webhook delivery knobs for tests (fetch, backoff); the secret comes from the config. */
  webhooks?: Omit<WebhookOptions, 'secret' | 'now'>;
  /**
   * Keep the state in this file across restarts (decision 0126): loaded now, written at most
   * every `stateWriteMs` (default 1 s) while it changes, and on close. main.ts passes the
   * config's `stateFile`; without this option the state is in memory only (tests, inject).
   */
  stateFile?: string;
  stateWriteMs?: number;
  /** What happened to the state file; default: the app's log (warn for trouble). */
  onStateEvent?: (event: StateEvent) => void;
}

/** The state file's events as log lines, for callers that do not print them themselves. */
function logStateEvent(app: FastifyInstance, event: StateEvent): void {
  if (event.type === 'movedAside' || event.type === 'writeFailed') {
    app.log.warn(event, 'sandbox state file');
  } else {
    app.log.info(event, 'sandbox state file');
  }
}

/** Any logger the caller asks for logs request URLs without their bearer values (0048). */
function withRedactedUrls(logger: BuildSandboxOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: serializeRequest } };
}

/** Builds the sandbox app; never listens (main.ts does), so tests drive it with inject. */
export async function buildSandbox(options: BuildSandboxOptions = {}): Promise<FastifyInstance> {
  const config: SandboxConfig = { ...defaultConfig, ...options.config };
  const now = options.now ?? (() => new Date());
  const app = Fastify({ logger: withRedactedUrls(options.logger), bodyLimit: 64 * 1024 });

  const onStateEvent = options.onStateEvent ?? ((event) => logStateEvent(app, event));
  const stores = options.stateFile
    ? await loadStores(options.stateFile, { now, onEvent: onStateEvent })
    : storesFrom(undefined, now);
  const state: SandboxState = {
    ...stores,
    webhooks: new WebhookDispatcher({ secret: config.webhookSecret, now, ...options.webhooks }),
    push: new PushStore(now),
  };
  app.decorate('sandbox', state);
  if (options.stateFile) {
    const writer = new StateFileWriter({
      file: options.stateFile,
      stores,
      now,
      onEvent: onStateEvent,
      ...(options.stateWriteMs === undefined ? {} : { intervalMs: options.stateWriteMs }),
    });
    writer.start();
    // onClose runs once the server has stopped taking requests: the last change is in.
    app.addHook('onClose', async () => writer.close());
  }

  // Order here is the order on the landing page.
  const parts: SandboxPart[] = [
    smsPart(state.sms),
    gameProviderPart(state.gameProvider),
    bankPart(state.bank, state.webhooks),
    giftPart(state.gift),
    pushPart(state.push),
  ];
  const context: PartContext = { config, now };

  app.addHook('onClose', async () => state.webhooks.stop());

  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cache-control', 'no-store');
    const type = reply.getHeader('content-type');
    // A page may bring its own policy (the gift page allows one hashed copy script).
    if (
      typeof type === 'string' &&
      type.startsWith('text/html') &&
      !reply.hasHeader('content-security-policy')
    ) {
      reply.header('content-security-policy', PAGE_CSP);
    }
  });

  app.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error(error, 'sandbox error');
      return reply.code(500).send({ message: 'INTERNAL_ERROR' });
    }
    // Fastify's own 4xx (bad JSON, body too large, wrong content type) keep their code.
    return reply.code(status).send({ message: error.code ?? 'BAD_REQUEST' });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'NOT_FOUND' }));

  app.get('/health', async () => ({ ok: true }));
  // The pages have no icon: answer the browser's request for one with nothing, not a 404
  // in the console of every page a tester (or a player in the demo game) opens.
  app.get('/favicon.ico', async (_request, reply) => reply.code(204).send());
  app.get('/', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderLanding(parts)),
  );

  for (const part of parts) await part.register(app, context);
  return app;
}
