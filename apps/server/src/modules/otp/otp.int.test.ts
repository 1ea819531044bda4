import { describe, expect, it } from 'vitest';
import { DEMO_MEMBER } from '../../seed';
import { MINUTE_MS } from '../../lib/clock';
import { forEachDialect, uniquePhone } from '../../../test/helpers';

interface SendAnswer {
  otpRef: string;
  otpToken: string;
  code: string;
}

forEachDialect('otp', (get) => {
  const send = (phoneNumber: string) =>
    get().call('POST', '/api/otp/send', { body: { phoneNumber } });
  const verify = (otpToken: string, otpCode: string) =>
    get().call('POST', '/api/otp/verify', { body: { otpToken, otpCode } });
  const wrongCode = (code: string | undefined) =>
    String((Number(code ?? '0') + 1) % 1_000_000).padStart(6, '0');

  it('sends a 6-digit code by SMS with its reference, never in the answer', async () => {
    const t = get();
    const phone = uniquePhone();
    const res = await send(phone);
    expect(res.statusCode).toBe(200);
    const answer = res.json<SendAnswer>();
    expect(answer.code).toBe('OK');
    expect(answer.otpRef).toMatch(/^[A-Z]{4}$/);
    expect(answer.otpToken.length).toBeGreaterThanOrEqual(43);
    const [sms] = t.sms.messagesTo(phone);
    expect(sms?.text).toMatch(new RegExp(`^OTP \\d{6} \\(ref ${answer.otpRef}\\)\\. `));
    expect(sms?.text).toContain('นาที');
    expect(res.body).not.toContain(t.sms.lastCode(phone));
    const stored = await t.db
      .selectFrom('otp_requests')
      .selectAll()
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(t.sms.lastCode(phone));
    expect(stored.token_hash).not.toBe(answer.otpToken);
  });

  it("writes the SMS in the requester's language (Accept-Language th / la / en)", async () => {
    const t = get();
    const texts: Record<string, string | undefined> = {};
    for (const [header, lang] of [
      ['th-TH,th;q=0.9', 'th'],
      ['lo', 'la'],
      ['en-GB,en;q=0.8', 'en'],
      [undefined, 'default'],
    ] as const) {
      const phone = uniquePhone();
      const res = await t.call('POST', '/api/otp/send', {
        body: { phoneNumber: phone },
        ...(header ? { headers: { 'accept-language': header } } : {}),
      });
      expect(res.statusCode).toBe(200);
      const { otpRef } = res.json<SendAnswer>();
      const text = t.sms.messagesTo(phone)[0]?.text ?? '';
      // Every language keeps the code and reference first, so any reader finds them.
      expect(text).toMatch(new RegExp(`^OTP \\d{6} \\(ref ${otpRef}\\)\\. `));
      texts[lang] = text.replace(/^OTP \d{6} \(ref [A-Z]{4}\)\. /, '');
    }
    expect(texts.th).toContain('ใช้ได้ภายใน 5 นาที');
    expect(texts.la).toContain('ໃຊ້ໄດ້ພາຍໃນ 5 ນາທີ');
    expect(texts.en).toBe('Your registration code. Valid for 5 minutes. Never share this code.');
    expect(texts.default).toBe(texts.th);
  });

  it('verifies once: the phone becomes verified, the token cannot be reused', async () => {
    const t = get();
    const phone = uniquePhone();
    const { otpToken } = (await send(phone)).json<SendAnswer>();
    const ok = await verify(otpToken, t.sms.lastCode(phone)!);
    expect([ok.statusCode, ok.json()]).toEqual([200, { message: 'OTP_CODE_VALID' }]);
    const again = await verify(otpToken, t.sms.lastCode(phone)!);
    expect([again.statusCode, again.json()]).toEqual([400, { message: 'OTP_TOKEN_INVALID' }]);
    // The client that verified (its proof cookie, decision 0049) is not sent another SMS.
    const before = t.sms.sent.length;
    const second = await t.call('POST', '/api/otp/send', {
      body: { phoneNumber: phone },
      headers: { cookie: String(ok.headers['set-cookie']).split(';')[0]! },
    });
    expect(second.json()).toEqual({ otpRef: '', otpToken: '', code: 'OTP_VERIFIED' });
    expect(t.sms.sent.length).toBe(before);
  });

  it('answers OTP_TOKEN_INVALID for an unknown token and KEY_INVALID for a malformed code', async () => {
    const unknown = await verify('x'.repeat(43), '123456');
    expect([unknown.statusCode, unknown.json()]).toEqual([400, { message: 'OTP_TOKEN_INVALID' }]);
    const malformed = await verify('x'.repeat(43), '12ab56');
    expect([malformed.statusCode, malformed.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
  });

  it('expires after 5 minutes', async () => {
    const t = get();
    const phone = uniquePhone();
    const { otpToken } = (await send(phone)).json<SendAnswer>();
    t.clock.advance(5 * MINUTE_MS + 1000);
    const res = await verify(otpToken, t.sms.lastCode(phone)!);
    expect([res.statusCode, res.json()]).toEqual([400, { message: 'OTP_EXPIRED' }]);
  });

  it('burns the token after 5 wrong codes, even for the right code afterwards', async () => {
    const t = get();
    const phone = uniquePhone();
    const { otpToken } = (await send(phone)).json<SendAnswer>();
    const code = t.sms.lastCode(phone);
    const answers: string[] = [];
    for (let i = 0; i < 5; i++)
      answers.push((await verify(otpToken, wrongCode(code))).json<{ message: string }>().message);
    expect(answers).toEqual([...Array<string>(4).fill('OTP_CODE_INVALID'), 'OTP_BLOCK']);
    const right = await verify(otpToken, code!);
    expect([right.statusCode, right.json()]).toEqual([429, { message: 'OTP_BLOCK' }]);
  });

  it('limits sends per phone: 1 per 60 s, then 5 per hour', async () => {
    const t = get();
    const phone = uniquePhone();
    expect((await send(phone)).statusCode).toBe(200);
    const soon = await send(phone);
    expect([soon.statusCode, soon.json()]).toEqual([429, { message: 'REQUEST_LIMIT_1MIN' }]);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(61_000);
      expect((await send(phone)).statusCode).toBe(200);
    }
    t.clock.advance(61_000);
    const blocked = await send(phone);
    expect([blocked.statusCode, blocked.json()]).toEqual([429, { message: 'OTP_BLOCK' }]);
    expect(t.sms.messagesTo(phone)).toHaveLength(5);
    t.clock.advance(60 * MINUTE_MS);
    expect((await send(phone)).statusCode).toBe(200);
  });

  it('answers OTP_SEND_FAIL when the gateway fails, and the failed send does not count', async () => {
    const t = get();
    const phone = uniquePhone();
    t.sms.failing = true;
    try {
      const res = await send(phone);
      expect([res.statusCode, res.json()]).toEqual([502, { message: 'OTP_SEND_FAIL' }]);
    } finally {
      t.sms.failing = false;
    }
    expect((await send(phone)).statusCode).toBe(200);
  });

  it('refuses a registered phone and a phone of the wrong length', async () => {
    const registered = await send(DEMO_MEMBER.username);
    expect([registered.statusCode, registered.json()]).toEqual([409, { message: 'EXISTING_USER' }]);
    const short = await send('081234567');
    expect([short.statusCode, short.json()]).toEqual([
      400,
      { message: 'PHONE_NUMBER_REQUIRE_10_DIGIT' },
    ]);
    const letters = await send('08123abcde');
    expect([letters.statusCode, letters.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
  });

  it('skips the length rule on a Lao build', async () => {
    const t = get();
    const lao = await t.rebuild({ laoBuild: true });
    const res = await lao.inject({
      method: 'POST',
      url: '/api/otp/send',
      headers: { 'x-wallet-user': 'member' },
      payload: { phoneNumber: '2055512' + String(Date.now()).slice(-4) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<SendAnswer>().code).toBe('OK');
  });
});

describe('otp send is atomic per phone', () => {
  forEachDialect('parallel sends', (get) => {
    it('lets exactly one of 10 simultaneous sends through', async () => {
      const t = get();
      const phone = uniquePhone();
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          t.call('POST', '/api/otp/send', { body: { phoneNumber: phone } }),
        ),
      );
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 429)).toHaveLength(9);
      expect(t.sms.messagesTo(phone)).toHaveLength(1);
    });
  });
});
