// PayoutRail over HTTP to the sandbox bank (apps/sandbox, parts/bank), called exactly as a
// real bank's payout API would be: POST {SANDBOX_URL}/bank/payouts and
// GET /bank/payouts/:ref with the x-sandbox-key header; amounts in satang.
// Only an answer that proves the outcome counts: 201 is paid, 400 INVALID_ACCOUNT or
// INVALID_BODY (refused before processing) is a definite refusal; a timeout, a 5xx, a 409
// or a network error is an unknown outcome.
import type { PayoutOutcome, PayoutRail, PayoutRequest, PayoutStatus } from '../ports/payout-rail';

export interface SandboxPayoutOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const describe = (error: unknown) => (error instanceof Error ? error.name : 'error');

export class SandboxPayoutRail implements PayoutRail {
  constructor(private readonly options: SandboxPayoutOptions) {}

  private request(path: string, init: RequestInit = {}): Promise<Response> {
    const doFetch = this.options.fetch ?? fetch;
    return doFetch(`${this.options.baseUrl}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', 'x-sandbox-key': this.options.apiKey },
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
  }

  async pay(request: PayoutRequest): Promise<PayoutOutcome> {
    let response: Response;
    let body: Record<string, unknown>;
    try {
      response = await this.request('/bank/payouts', {
        method: 'POST',
        body: JSON.stringify(request),
      });
      body = await readJson(response);
    } catch (error) {
      return { kind: 'unknown', reason: `no answer (${describe(error)})` };
    }
    if ((response.status === 200 || response.status === 201) && body.status === 'PAID') {
      return { kind: 'paid', paidAt: typeof body.paidAt === 'string' ? body.paidAt : '' };
    }
    // The bank refused the request before processing it: nothing was or will be paid.
    if (
      response.status === 400 &&
      (body.error === 'INVALID_ACCOUNT' || body.error === 'INVALID_BODY')
    ) {
      return { kind: 'rejected', reason: body.error };
    }
    const code = typeof body.error === 'string' ? ` ${body.error}` : '';
    return { kind: 'unknown', reason: `HTTP ${response.status}${code}` };
  }

  async status(ref: string): Promise<PayoutStatus> {
    try {
      const response = await this.request(`/bank/payouts/${encodeURIComponent(ref)}`);
      const body = await readJson(response);
      if (response.status === 200 && body.status === 'PAID') {
        return { kind: 'paid', paidAt: typeof body.paidAt === 'string' ? body.paidAt : '' };
      }
      if (response.status === 200 && body.status === 'NOT_FOUND') return { kind: 'not_found' };
      return { kind: 'unknown', reason: `HTTP ${response.status}` };
    } catch (error) {
      return { kind: 'unknown', reason: `no answer (${describe(error)})` };
    }
  }
}
