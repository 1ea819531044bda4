// GiftLinkRedeemer over HTTP to the sandbox's gift-link issuer (apps/sandbox, a TrueMoney-like
// wallet): GET {SANDBOX_URL}/gift/vouchers/:hash and POST /gift/vouchers/:hash/redeem with
// the x-sandbox-key header; amounts in satang. Only an answer that proves the outcome counts.
import type {
  GiftLinkRedeemer,
  GiftRedeemOutcome,
  GiftVoucherLookup,
} from '../ports/gift-link-redeemer';
import { errorName, isSatang, isText, sandboxCall } from './sandbox-http';
import type { Json, SandboxHttpOptions } from './sandbox-http';

export type SandboxGiftLinkOptions = SandboxHttpOptions;

const statuses = new Set(['active', 'redeemed', 'expired']);

export class SandboxGiftLinkRedeemer implements GiftLinkRedeemer {
  constructor(private readonly options: SandboxGiftLinkOptions) {}

  private call(path: string, init: RequestInit = {}): Promise<{ status: number; body: Json }> {
    return sandboxCall(this.options, path, init);
  }

  async lookup(hash: string): Promise<GiftVoucherLookup> {
    try {
      const { status, body } = await this.call(`/gift/vouchers/${encodeURIComponent(hash)}`);
      if (status === 404) return { kind: 'not_found' };
      if (
        status === 200 &&
        body.hash === hash &&
        isSatang(body.amount) &&
        isText(body.ownerMobile) &&
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
            expiresAt: isText(body.expiresAt) ? body.expiresAt : '',
          },
        };
      }
      return { kind: 'unknown', reason: `HTTP ${status}` };
    } catch (error) {
      return { kind: 'unknown', reason: `no answer (${errorName(error)})` };
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
      return { kind: 'unknown', reason: `no answer (${errorName(error)})` };
    }
    const { status, body } = answer;
    if (
      status === 200 &&
      body.status === 'SUCCESS' &&
      body.hash === hash &&
      isSatang(body.amount)
    ) {
      return {
        kind: 'redeemed',
        amount: body.amount,
        ownerMobile: isText(body.ownerMobile) ? body.ownerMobile : '',
        redeemedAt: isText(body.redeemedAt) ? body.redeemedAt : '',
      };
    }
    const code = isText(body.error) ? body.error : `HTTP ${status}`;
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
