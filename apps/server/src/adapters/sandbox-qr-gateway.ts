// QrGateway over HTTP to the sandbox bank (apps/sandbox), which plays the KBANK, WW and
// PAYTIMZ gateways: POST/GET/DELETE {SANDBOX_URL}/bank/qr/:gateway/charges[/:chargeId] with
// the x-sandbox-key header; amounts in satang. Only an answer that proves the outcome
// counts: 201 with a charge is created, a 4xx with a known refusal is refused; a timeout, a
// 5xx or a network error is unknown.
import type { QrGatewayCode } from '@wallet/contract';
import type {
  QrCancelOutcome,
  QrChargeRequest,
  QrChargeStatus,
  QrCreateOutcome,
  QrGateway,
} from '../ports/qr-gateway';
import { errorName, isSatang, isText, sandboxCall } from './sandbox-http';
import type { Json, SandboxHttpOptions } from './sandbox-http';

export type SandboxQrGatewayOptions = SandboxHttpOptions;

export class SandboxQrGateway implements QrGateway {
  constructor(private readonly options: SandboxQrGatewayOptions) {}

  private call(path: string, init: RequestInit = {}): Promise<{ status: number; body: Json }> {
    return sandboxCall(this.options, path, init);
  }

  private charges(gateway: QrGatewayCode, chargeId?: string): string {
    const base = `/bank/qr/${encodeURIComponent(gateway)}/charges`;
    return chargeId === undefined ? base : `${base}/${encodeURIComponent(chargeId)}`;
  }

  async createCharge(gateway: QrGatewayCode, request: QrChargeRequest): Promise<QrCreateOutcome> {
    let answer;
    try {
      answer = await this.call(this.charges(gateway), {
        method: 'POST',
        body: JSON.stringify(request),
      });
    } catch (error) {
      return { kind: 'unknown', reason: `no answer (${errorName(error)})` };
    }
    const { status, body } = answer;
    if (
      (status === 200 || status === 201) &&
      isText(body.chargeId) &&
      isText(body.payload) &&
      body.merchantRef === request.merchantRef &&
      body.amount === request.amount
    ) {
      return {
        kind: 'created',
        charge: {
          chargeId: body.chargeId,
          merchantRef: request.merchantRef,
          payload: body.payload,
          amount: request.amount,
          expiresAt: isText(body.expiresAt) ? body.expiresAt : request.expiresAt,
        },
      };
    }
    const code = isText(body.error) ? body.error : `HTTP ${status}`;
    // Answered and refused before making a charge: a bad request, a reference conflict, an
    // unknown gateway, a wrong key. Anything else (5xx, odd 2xx) may have made one.
    if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
      return { kind: 'refused', reason: code };
    }
    return { kind: 'unknown', reason: code };
  }

  async chargeStatus(gateway: QrGatewayCode, chargeId: string): Promise<QrChargeStatus> {
    try {
      const { status, body } = await this.call(this.charges(gateway, chargeId));
      if (status === 404) return { kind: 'not_found' };
      if (status !== 200) return { kind: 'unknown', reason: `HTTP ${status}` };
      switch (body.status) {
        case 'OPEN':
          return { kind: 'open' };
        case 'CANCELLED':
          return { kind: 'cancelled' };
        case 'EXPIRED':
          return { kind: 'expired' };
        case 'PAID':
          if (isText(body.txnId) && isSatang(body.amount))
            return {
              kind: 'paid',
              txnId: body.txnId,
              amount: body.amount,
              paidAt: isText(body.paidAt) ? body.paidAt : '',
            };
          return { kind: 'unknown', reason: 'PAID without txnId or amount' };
        default:
          return { kind: 'unknown', reason: `status ${String(body.status)}` };
      }
    } catch (error) {
      return { kind: 'unknown', reason: `no answer (${errorName(error)})` };
    }
  }

  async cancelCharge(gateway: QrGatewayCode, chargeId: string): Promise<QrCancelOutcome> {
    try {
      const { status, body } = await this.call(this.charges(gateway, chargeId), {
        method: 'DELETE',
      });
      if (status === 200 && body.status === 'CANCELLED') return { kind: 'cancelled' };
      if (status === 409 && body.error === 'ALREADY_PAID') return { kind: 'paid' };
      if (status === 404) return { kind: 'not_found' };
      return { kind: 'unknown', reason: isText(body.error) ? body.error : `HTTP ${status}` };
    } catch (error) {
      return { kind: 'unknown', reason: `no answer (${errorName(error)})` };
    }
  }
}
