// SlipVerifier over HTTP to the sandbox bank (apps/sandbox, parts/bank), called as a real
// bank's slip-verification API would be: POST {SANDBOX_URL}/bank/slips/verify with
// `{ sendingBank, transRef }` and the x-sandbox-key header; amounts in satang.
// 200 with a well-formed body is verified; 404 SLIP_NOT_FOUND is a definite "no such
// transfer"; anything else (timeout, 5xx, network, a body we cannot read) is unavailable.
import { z } from 'zod';
import type { SlipQuery, SlipVerification, SlipVerifier } from '../ports/slip-verifier';

export interface SandboxSlipVerifierOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

const partySchema = z.object({ bankCode: z.string(), accountNo: z.string(), name: z.string() });
const answerSchema = z.object({
  transRef: z.string(),
  sendingBank: z.string(),
  amount: z.number().int().positive(),
  transferredAt: z.iso.datetime({ offset: true }),
  sender: partySchema,
  receiver: partySchema,
});

export class SandboxSlipVerifier implements SlipVerifier {
  constructor(private readonly options: SandboxSlipVerifierOptions) {}

  async verify(query: SlipQuery): Promise<SlipVerification> {
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    let body: unknown;
    try {
      response = await doFetch(`${this.options.baseUrl}/bank/slips/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sandbox-key': this.options.apiKey },
        body: JSON.stringify({ sendingBank: query.sendingBank, transRef: query.transRef }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      body = await response.json().catch(() => undefined);
    } catch (error) {
      return {
        kind: 'unavailable',
        reason: `no answer (${error instanceof Error ? error.name : 'error'})`,
      };
    }
    if (
      response.status === 404 &&
      (body as { error?: unknown } | undefined)?.error === 'SLIP_NOT_FOUND'
    )
      return { kind: 'not_found' };
    if (response.status !== 200) return { kind: 'unavailable', reason: `HTTP ${response.status}` };
    const parsed = answerSchema.safeParse(body);
    if (!parsed.success) return { kind: 'unavailable', reason: 'unreadable answer' };
    const slip = parsed.data;
    // The bank answered about another transfer than we asked for: not usable.
    if (slip.transRef !== query.transRef || slip.sendingBank !== query.sendingBank)
      return { kind: 'unavailable', reason: 'answer for another slip' };
    return {
      kind: 'verified',
      slip: { ...slip, transferredAt: new Date(slip.transferredAt).toISOString() },
    };
  }
}
