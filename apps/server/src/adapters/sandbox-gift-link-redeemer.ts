// GiftLinkRedeemer over HTTP to the sandbox's gift-link issuer (apps/sandbox, a TrueMoney-like
// wallet): GET {SANDBOX_URL}/gift/vouchers/:hash and POST /gift/vouchers/:hash/redeem with
// the x-sandbox-key header; amounts in satang. Only an answer that proves the outcome counts.
import type {
  GiftLinkRedeemer,
  GiftRedeemOutcome,
  GiftVoucherLookup,
} from '../ports/gift-link-redeemer';

export interface SandboxGiftLinkOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

type Json = Record<string, unknown>;

async function readJson(response: Response): Promise<Json> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? (body as Json) : {};
  } catch {
    return {};
  }
}

const describe = (error: unknown) => (error instanceof Error ? error.name : 'error');
const str = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const satang = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;
const statuses = new Set(['active', 'redeemed', 'expired']);

export class SandboxGiftLinkRedeemer implements GiftLinkRedeemer {
  constructor(private readonly options: SandboxGiftLinkOptions) {}

  private async call(
    path: string,
    init: RequestInit = {},
  ): Promise<{ status: number; body: Json }> {
    const doFetch = this.options.fetch ?? fetch;
    const response = await doFetch(`${this.options.baseUrl}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', 'x-sandbox-key': this.options.apiKey },
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    return { status: response.status, body: await readJson(response) };
  }

  async lookup(hash: string): Promise<GiftVoucherLookup> {
    try {
      const { status, body } = await this.call(`/gift/vouchers/${encodeURIComponent(hash)}`);
      if (status === 404) return { kind: 'not_found' };
      if (
        status === 200 &&
        body.hash === hash &&
        satang(body.amount) &&
        str(body.ownerMobile) &&
        typeof body.status === 'string' &&
        statuses.has(body.status)
      ) {
        return {
          kind: 'found',
          voucher: {
            hash,
            amount: body.amount,
            ownerMobile: body.ownerMobile,
            status: body.status as 'active' | 'redeemed' | 'expired',
            expiresAt: str(body.expiresAt) ? body.expiresAt : '',
          },
        };
      }
      return { kind: 'unknown', reason: `HTTP ${status}` };
    } catch (error) {
      return { kind: 'unknown', reason: `no answer (${describe(error)})` };
    }
  }

  async redeem(hash: string, receiverMobile: string): Promise<GiftRedeemOutcome> {
    let answer;
    try {
      answer = await this.call(`/gift/vouchers/${encodeURIComponent(hash)}/redeem`, {
        method: 'POST',
        body: JSON.stringify({ mobile: receiverMobile }),
      });
    } catch (error) {
      return { kind: 'unknown', reason: `no answer (${describe(error)})` };
    }
    const { status, body } = answer;
    if (status === 200 && body.status === 'SUCCESS' && body.hash === hash && satang(body.amount)) {
      return {
        kind: 'redeemed',
        amount: body.amount,
        ownerMobile: str(body.ownerMobile) ? body.ownerMobile : '',
        redeemedAt: str(body.redeemedAt) ? body.redeemedAt : '',
      };
    }
    const code = str(body.error) ? body.error : `HTTP ${status}`;
    if (status === 409 && code === 'VOUCHER_OUT_OF_STOCK') return { kind: 'already_redeemed' };
    if (
      (status === 404 && code === 'VOUCHER_NOT_FOUND') ||
      (status === 410 && code === 'VOUCHER_EXPIRED') ||
      (status === 400 && code === 'CANNOT_GET_OWN_VOUCHER')
    ) {
      return { kind: 'invalid', reason: code };
    }
    return { kind: 'unknown', reason: code };
  }
}
