// GameProvider over HTTP to the sandbox's transfer-wallet provider (apps/sandbox, part
// game-provider), exactly as a real aggregator would be called. Every call has a deadline
// (PROVIDER_TIMEOUT_MS); what the answer means is mapped onto the port's three errors:
// 2xx parsed -> result; 404 USER_NOT_FOUND / ACCOUNT_NOT_FOUND -> ProviderUserNotFound;
// other 4xx -> ProviderRejected (the provider refused to act); timeout, network error, 5xx,
// 409 on a transfer ref, or an answer we cannot read -> ProviderUnknownOutcome.
import type { ProviderCode } from '@wallet/contract';
import { z } from 'zod';
import { httpRequest } from '../lib/http-client';
import type {
  BetReport,
  GameCredentials,
  GameProvider,
  ProviderTransferRequest,
  ProviderTransferResult,
} from '../ports/game-provider';
import {
  ProviderRejected,
  ProviderUnknownOutcome,
  ProviderUserNotFound,
} from '../ports/game-provider';

export interface SandboxGameProviderOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

const satang = z.number().int().nonnegative();
const credentialsAnswer = z.object({ username: z.string().min(1), password: z.string().min(1) });
const passwordAnswer = z.object({ password: z.string().min(1) });
const balanceAnswer = z.object({ balance: satang });
const transferAnswer = z.object({
  status: z.enum(['APPLIED', 'REJECTED']),
  balance: satang,
  reason: z.string().optional(),
});
const statusAnswer = z.object({ status: z.enum(['APPLIED', 'REJECTED', 'NOT_FOUND']) });
const linkAnswer = z.object({ link: z.string().min(1) });
const betReportAnswer = z.object({
  bets: satang,
  wins: satang,
  rounds: z.number().int().nonnegative(),
});
const errorAnswer = z.object({ error: z.string() });

const USER_NOT_FOUND = new Set(['USER_NOT_FOUND', 'ACCOUNT_NOT_FOUND']);

interface Answer {
  status: number;
  body: unknown;
}

export class SandboxGameProvider implements GameProvider {
  constructor(private readonly options: SandboxGameProviderOptions) {}

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    const url = `${this.options.baseUrl}${path}`;
    const headers: Record<string, string> = {
      'x-sandbox-key': this.options.apiKey,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    };
    const payload = body !== undefined ? JSON.stringify(body) : undefined;
    let status: number;
    let text: string;
    try {
      if (this.options.fetch) {
        // Tests hand in a fake fetch; the server itself uses the kept-alive client below.
        const response = await this.options.fetch(url, {
          method,
          headers,
          ...(payload !== undefined ? { body: payload } : {}),
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
        status = response.status;
        text = await response.text();
      } else {
        ({ status, text } = await httpRequest(url, {
          method,
          headers,
          ...(payload !== undefined ? { body: payload } : {}),
          timeoutMs: this.options.timeoutMs,
        }));
      }
    } catch (cause) {
      // Timeout, refused or reset connection, or the body was cut: nobody knows what happened.
      throw new ProviderUnknownOutcome(`${method} ${path}: no answer`, { cause });
    }
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status, body: parsed };
  }

  /** Parses a 2xx answer, or throws the error the status means. */
  private expect<T>(answer: Answer, schema: z.ZodType<T>, what: string, conflictIsUnknown = false) {
    if (answer.status >= 200 && answer.status < 300) {
      const parsed = schema.safeParse(answer.body);
      if (parsed.success) return parsed.data;
      throw new ProviderUnknownOutcome(`${what}: unreadable answer`);
    }
    const error = errorAnswer.safeParse(answer.body);
    const code = error.success ? error.data.error : `HTTP_${answer.status}`;
    if (answer.status === 404 && error.success && USER_NOT_FOUND.has(code))
      throw new ProviderUserNotFound(`${what}: ${code}`);
    if (answer.status >= 500 || (conflictIsUnknown && answer.status === 409))
      throw new ProviderUnknownOutcome(`${what}: ${code}`);
    throw new ProviderRejected(`${what}: ${code}`);
  }

  private static path(code: ProviderCode, ...parts: string[]): string {
    return `/provider/${[code, ...parts].map(encodeURIComponent).join('/')}`;
  }

  async createAccount(code: ProviderCode, memberRef: string): Promise<GameCredentials> {
    const answer = await this.call('POST', SandboxGameProvider.path(code, 'accounts'), {
      memberRef,
    });
    return this.expect(answer, credentialsAnswer, 'create account');
  }

  async resetPassword(code: ProviderCode, username: string): Promise<{ password: string }> {
    const path = SandboxGameProvider.path(code, 'accounts', username, 'password');
    return this.expect(await this.call('POST', path, {}), passwordAnswer, 'reset password');
  }

  async balance(code: ProviderCode, username: string): Promise<number> {
    const path = SandboxGameProvider.path(code, 'accounts', username);
    return this.expect(await this.call('GET', path), balanceAnswer, 'balance').balance;
  }

  async transfer(
    code: ProviderCode,
    request: ProviderTransferRequest,
  ): Promise<ProviderTransferResult> {
    const answer = await this.call('POST', SandboxGameProvider.path(code, 'transfers'), {
      ref: request.ref,
      username: request.username,
      direction: request.direction,
      amount: request.amount,
    });
    // 409: the ref is known with another body. Our refs are unique, so this should not
    // happen; if it does, the status query decides, never a guess.
    const result = this.expect(answer, transferAnswer, `transfer ${request.ref}`, true);
    return {
      status: result.status,
      balance: result.balance,
      ...(result.reason ? { reason: result.reason } : {}),
    };
  }

  async transferStatus(
    code: ProviderCode,
    ref: string,
  ): Promise<'APPLIED' | 'REJECTED' | 'NOT_FOUND'> {
    const path = SandboxGameProvider.path(code, 'transfers', ref);
    const answer = await this.call('GET', path);
    // A status query never changes anything: any failure is "we still do not know".
    if (answer.status !== 200) throw new ProviderUnknownOutcome(`status ${ref}: ${answer.status}`);
    return this.expect(answer, statusAnswer, `status ${ref}`).status;
  }

  /** GET /provider/{code}/accounts/{username}/bets?since=&until= (the sandbox's round log). */
  async betReport(
    code: ProviderCode,
    username: string,
    since: string,
    until?: string,
  ): Promise<BetReport> {
    const query = new URLSearchParams({ since, ...(until !== undefined ? { until } : {}) });
    const path = `${SandboxGameProvider.path(code, 'accounts', username, 'bets')}?${query}`;
    return this.expect(await this.call('GET', path), betReportAnswer, 'bet report');
  }

  async launchLink(code: ProviderCode, username: string, password?: string): Promise<string> {
    const answer = await this.call('POST', SandboxGameProvider.path(code, 'launch'), {
      username,
      ...(password !== undefined ? { password } : {}),
    });
    return this.expect(answer, linkAnswer, 'launch').link;
  }
}
