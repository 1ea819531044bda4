// In-memory SmsSender for tests: keeps every message; lastCode() reads the OTP back the way
// a tester reads the sandbox inbox.
import type { SmsSender } from '../ports/sms-sender';
import { SmsSendError } from '../ports/sms-sender';

export interface SentSms {
  to: string;
  text: string;
  at: Date;
}

export class MemorySmsSender implements SmsSender {
  readonly sent: SentSms[] = [];
  /** When set, the next sends fail (gateway down). */
  failing = false;

  send(to: string, text: string): Promise<void> {
    if (this.failing) return Promise.reject(new SmsSendError('memory gateway set to fail'));
    this.sent.push({ to, text, at: new Date() });
    return Promise.resolve();
  }

  messagesTo(to: string): SentSms[] {
    return this.sent.filter((m) => m.to === to);
  }

  /** The 6-digit code of the newest OTP SMS to `to`, or undefined. */
  lastCode(to: string): string | undefined {
    const last = this.messagesTo(to).at(-1);
    return last ? /OTP (\d{6})/.exec(last.text)?.[1] : undefined;
  }
}
