import type { ProviderCode } from '@wallet/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { guardJsonApi } from '../../lib/key.js';
import { invalid } from '../../lib/validation.js';
import type { PartContext } from '../part.js';
import { type FaultInjector, holdMs } from './game-provider.faults.js';
import {
  accountParamsSchema,
  betReportQuerySchema,
  codeParamsSchema,
  emptyBodySchema,
  faultSettingsSchema,
  launchBodySchema,
  ledgerQuerySchema,
  openAccountBodySchema,
  playRoundsBodySchema,
  transferBodySchema,
  transferParamsSchema,
  unknownUserError,
} from './game-provider.schemas.js';
import type { GameProviderStore, TransferRecord, TransferResult } from './game-provider.store.js';

// The provider's JSON API (docs/decisions/0010-game-provider-simulation.md). It answers
// failures as `{ error: CODE }`, the way a third-party aggregator would, not with the
// product's `{ message }` catalogue.

/** Requests the fault mode holds or delays, so closing the app never waits on them. */
class PendingReplies {
  private readonly held = new Set<ServerResponse>();
  private readonly sleeps = new Set<() => void>();

  /** No answer: keep the connection open until the client gives up or `ms` passes. */
  hold(reply: FastifyReply, ms: number): FastifyReply {
    reply.hijack();
    const res = reply.raw;
    this.held.add(res);
    const timer = setTimeout(() => res.destroy(), ms);
    res.on('close', () => {
      clearTimeout(timer);
      this.held.delete(res);
    });
    return reply;
  }

  /** The work is done but the answer never arrives: the connection is cut. */
  drop(reply: FastifyReply): FastifyReply {
    reply.hijack();
    reply.raw.destroy();
    return reply;
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleeps.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleeps.add(wake);
    });
  }

  closeAll(): void {
    for (const wake of [...this.sleeps]) wake();
    for (const res of [...this.held]) res.destroy();
  }
}

/** The code of the path, or a 404 already sent for a code the contract does not know. */
function providerCode(request: FastifyRequest, reply: FastifyReply): ProviderCode | undefined {
  const params = codeParamsSchema.safeParse(request.params);
  if (params.success) return params.data.code;
  void reply.code(404).send({ error: 'UNKNOWN_PROVIDER' });
  return undefined;
}

export function transferAnswer(record: TransferRecord) {
  return {
    ref: record.ref,
    status: record.status,
    balance: record.balance,
    ...(record.reason ? { reason: record.reason } : {}),
  };
}

function sendTransferResult(reply: FastifyReply, code: ProviderCode, result: TransferResult) {
  switch (result.type) {
    case 'applied':
    case 'rejected':
    case 'replayed':
      return reply.send(transferAnswer(result.record));
    case 'conflict':
      return reply.code(409).send({ error: 'REF_CONFLICT' });
    case 'unknownUser':
      return reply.code(404).send({ error: unknownUserError(code) });
    case 'capacity':
      return reply.code(503).send({ error: 'CAPACITY_REACHED' });
  }
}

function publicBase(request: FastifyRequest, context: PartContext): string {
  return context.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

export function registerGameProviderApi(
  app: FastifyInstance,
  store: GameProviderStore,
  faults: FaultInjector,
  context: PartContext,
) {
  const pending = new PendingReplies();
  app.addHook('preClose', async () => pending.closeAll());

  // Every JSON call needs the key; the tester page and the demo game live outside this scope.
  guardJsonApi(app, context.config.apiKey, 'game provider');

  app.get('/provider/faults', async () => faults.report());

  app.put('/provider/faults', async (request, reply) => {
    const body = faultSettingsSchema.safeParse(request.body ?? {});
    if (!body.success) return invalid(reply, body.error);
    faults.set(body.data);
    request.log.warn({ faults: body.data }, 'game provider fault mode set');
    return reply.send(faults.report());
  });

  app.post('/provider/:code/accounts', async (request, reply) => {
    const code = providerCode(request, reply);
    if (!code) return reply;
    const body = openAccountBodySchema.safeParse(request.body);
    if (!body.success) return invalid(reply, body.error);
    const result = store.openAccount(code, body.data.memberRef);
    if (result.type === 'capacity') return reply.code(503).send({ error: 'CAPACITY_REACHED' });
    const { username, password } = result.account;
    // The same status either way, so a retried open looks exactly like the first one.
    if (result.type === 'existing') reply.header('x-idempotent-replay', 'true');
    return reply.code(201).send({ username, password });
  });

  app.get('/provider/:code/accounts', async (request, reply) => {
    const code = providerCode(request, reply);
    if (!code) return reply;
    return reply.send(
      store.listAccounts(code).map(({ username, memberRef, balance, createdAt }) => ({
        username,
        memberRef,
        balance,
        createdAt,
      })),
    );
  });

  // Balance: a faultable call.
  app.get('/provider/:code/accounts/:username', async (request, reply) => {
    const code = providerCode(request, reply);
    if (!code) return reply;
    const params = accountParamsSchema.safeParse(request.params);
    if (!params.success) return reply.code(404).send({ error: unknownUserError(code) });
    const { username } = params.data;

    const fault = faults.decide('balance', code, username);
    if (fault === 'noAnswer') return pending.hold(reply, holdMs(faults.settings));
    if (fault === 'http500') return reply.code(500).send({ error: 'INTERNAL_ERROR' });
    if (fault === 'appliedAnswerLost') return pending.drop(reply);
    const account = store.getAccount(code, username);
    if (fault === 'slow') await pending.sleep(faults.settings.slowMs);
    if (!account) return reply.code(404).send({ error: unknownUserError(code) });
    return reply.send({ username: account.username, balance: account.balance });
  });

  app.post('/provider/:code/accounts/:username/password', async (request, reply) => {
    const code = providerCode(request, reply);
    if (!code) return reply;
    const body = emptyBodySchema.safeParse(request.body ?? undefined);
    if (!body.success) return invalid(reply, body.error);
    const params = accountParamsSchema.safeParse(request.params);
    const account = params.success ? store.resetPassword(code, params.data.username) : undefined;
    if (!account) return reply.code(404).send({ error: unknownUserError(code) });
    return reply.send({ password: account.password });
  });

  // Transfers: exactly once by ref, and faultable.
  app.post('/provider/:code/transfers', async (request, reply) => {
    const code = providerCode(request, reply);
    if (!code) return reply;
    const body = transferBodySchema.safeParse(request.body);
    if (!body.success) return invalid(reply, body.error);
    const transfer = body.data;

    const fault = faults.decide('transfer', code, transfer.ref);
    if (fault === 'noAnswer') return pending.hold(reply, holdMs(faults.settings));
    if (fault === 'http500') return reply.code(500).send({ error: 'INTERNAL_ERROR' });

    const result = store.transfer(code, transfer);
    request.log.info({ code, ref: transfer.ref, result: result.type }, 'provider transfer');
    if (fault === 'duplicate' && ['applied', 'rejected', 'replayed'].includes(result.type)) {
      // The same request delivered a second time, as a flaky network or proxy would.
      setImmediate(() => {
        const again = store.transfer(code, transfer);
        faults.duplicatesDelivered += 1;
        if (again.type === 'applied' || again.type === 'rejected') faults.duplicatesApplied += 1;
      });
    }
    if (fault === 'appliedAnswerLost') return pending.drop(reply);
    if (fault === 'slow') await pending.sleep(faults.settings.slowMs);
    return sendTransferResult(reply, code, result);
  });

  app.get('/provider/:code/transfers/:ref', async (request, reply) => {
    const code = providerCode(request, reply);
    if (!code) return reply;
    const params = transferParamsSchema.safeParse(request.params);
    if (!params.success) return invalid(reply, params.error, 'QUERY');
    const record = store.getTransfer(code, params.data.ref);
    if (!record) return reply.send({ ref: params.data.ref, status: 'NOT_FOUND' });
    return reply.send({
      ref: record.ref,
      status: record.status,
      username: record.username,
      direction: record.direction,
      amount: record.amount,
      balance: record.balance,
      ...(record.reason ? { reason: record.reason } : {}),
      createdAt: record.createdAt,
    });
  });

  app.post('/provider/:code/launch', async (request, reply) => {
    const code = providerCode(request, reply);
    if (!code) return reply;
    const body = launchBodySchema.safeParse(request.body);
    if (!body.success) return invalid(reply, body.error);
    const account = store.getAccount(code, body.data.username);
    if (!account) return reply.code(404).send({ error: unknownUserError(code) });
    if (body.data.password !== undefined && body.data.password !== account.password) {
      return reply.code(403).send({ error: 'WRONG_PASSWORD' });
    }
    const launch = store.launch(code, account.username)!;
    return reply.send({
      link: `${publicBase(request, context)}/play/${launch.token}`,
      expiresAt: launch.expiresAt,
    });
  });

  // The bet report (decision 0076): what the server reads for turnover and cashback. Not
  // faultable: the fault mode hits the money calls (transfer, balance).
  app.get('/provider/:code/accounts/:username/bets', async (request, reply) => {
    const code = providerCode(request, reply);
    if (!code) return reply;
    const query = betReportQuerySchema.safeParse(request.query);
    if (!query.success) return invalid(reply, query.error, 'QUERY');
    const params = accountParamsSchema.safeParse(request.params);
    const { since, until } = query.data;
    const report = params.success
      ? store.betReport(code, params.data.username, since, until)
      : undefined;
    if (!report) return reply.code(404).send({ error: unknownUserError(code) });
    return reply.send(report);
  });

  // The tester's call (decision 0076): plays up to 10,000 demo-game rounds at once.
  app.post('/provider/:code/accounts/:username/play', async (request, reply) => {
    const code = providerCode(request, reply);
    if (!code) return reply;
    const body = playRoundsBodySchema.safeParse(request.body);
    if (!body.success) return invalid(reply, body.error);
    const params = accountParamsSchema.safeParse(request.params);
    if (!params.success) return reply.code(404).send({ error: unknownUserError(code) });
    const { username } = params.data;
    const result = store.playRounds(code, username, body.data);
    if (result.type === 'unknownUser') {
      return reply.code(404).send({ error: unknownUserError(code) });
    }
    const { type: _type, ...answer } = result;
    request.log.info({ code, username, ...answer }, 'provider play');
    return reply.send(answer);
  });

  app.get('/provider/:code/ledger', async (request, reply) => {
    const code = providerCode(request, reply);
    if (!code) return reply;
    const query = ledgerQuerySchema.safeParse(request.query);
    if (!query.success) return invalid(reply, query.error, 'QUERY');
    const { after, limit, username } = query.data;
    const page = store.ledger(code, {
      limit,
      ...(after === undefined ? {} : { after }),
      ...(username === undefined ? {} : { username }),
    });
    return reply.send({ code, totals: store.totals(code), ...page });
  });
}
