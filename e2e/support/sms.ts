// Reads the OTP the server "sent" from the sandbox SMS API, the way a tester reads the
// inbox page. The server's OTP text reads `OTP 123456 (ref ABCD). ...` (decision 0002).
import { setTimeout as sleep } from 'node:timers/promises';

export interface SandboxSms {
  id: string;
  to: string;
  text: string;
  createdAt: string;
}

export interface Otp {
  code: string;
  ref: string | null;
  message: SandboxSms;
}

export async function listSms(sandboxUrl: string, phone: string): Promise<SandboxSms[]> {
  const res = await fetch(`${sandboxUrl}/sms/messages?to=${encodeURIComponent(phone)}`);
  if (!res.ok) throw new Error(`sandbox answered HTTP ${res.status} for the SMS of ${phone}`);
  return (await res.json()) as SandboxSms[];
}

export function parseOtp(message: SandboxSms): Otp | null {
  const code = /OTP (\d{6})/.exec(message.text)?.[1];
  if (code === undefined) return null;
  return { code, ref: /\(ref ([A-Z]{4})\)/.exec(message.text)?.[1] ?? null, message };
}

export interface WaitForOtpOptions {
  /** Ignore messages sent before this moment (e.g. the time the journey clicked "send"). */
  since?: Date;
  /** Ignore messages with these ids (e.g. an OTP read earlier). */
  excludeIds?: readonly string[];
  /** Only accept this reference (the one the page shows). */
  ref?: string;
  timeoutMs?: number;
}

/** The newest OTP sent to `phone` that matches the options; polls until it arrives. */
export async function waitForOtp(
  sandboxUrl: string,
  phone: string,
  options: WaitForOtpOptions = {},
): Promise<Otp> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const exclude = new Set(options.excludeIds ?? []);
  for (;;) {
    for (const message of await listSms(sandboxUrl, phone)) {
      if (exclude.has(message.id)) continue;
      if (options.since && new Date(message.createdAt) < options.since) continue;
      const otp = parseOtp(message);
      if (otp && (options.ref === undefined || otp.ref === options.ref)) return otp;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `no OTP SMS${options.ref ? ` with ref ${options.ref}` : ''} for ${phone} in the sandbox after ${options.timeoutMs ?? 10_000} ms`,
      );
    }
    await sleep(200);
  }
}

/** The newest OTP code for `phone`, without waiting. */
export async function latestOtp(sandboxUrl: string, phone: string): Promise<string | null> {
  for (const message of await listSms(sandboxUrl, phone)) {
    const otp = parseOtp(message);
    if (otp) return otp.code;
  }
  return null;
}
