/** The outside world's SMS gateway (architecture.md "ports"). */
export interface SmsSender {
  /** Sends `text` to the phone `to`; throws SmsSendError when the gateway refuses or fails. */
  send(to: string, text: string): Promise<void>;
}

export class SmsSendError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SmsSendError';
  }
}
