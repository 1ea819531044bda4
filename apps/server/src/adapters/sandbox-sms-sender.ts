// SmsSender over HTTP to the sandbox SMS gateway (apps/sandbox), exactly as a real SMS
// provider would be called: POST {SANDBOX_URL}/sms/messages with the x-sandbox-key header.
import type { SmsSender } from '../ports/sms-sender';
import { SmsSendError } from '../ports/sms-sender';

export interface SandboxSmsOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export class SandboxSmsSender implements SmsSender {
  constructor(private readonly options: SandboxSmsOptions) {}

  async send(to: string, text: string): Promise<void> {
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(`${this.options.baseUrl}/sms/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sandbox-key': this.options.apiKey },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (cause) {
      throw new SmsSendError('SMS gateway unreachable or timed out', { cause });
    }
    // Drain the body so the connection is released either way.
    await response.arrayBuffer().catch(() => undefined);
    if (response.status !== 201 && response.status !== 200)
      throw new SmsSendError(`SMS gateway answered HTTP ${response.status}`);
  }
}
