import { describe, expect, it } from 'vitest';
import { api } from '@wallet/contract';
import { DEMO_MEMBER } from '../../seed';
import { forEachDialect, uniqueAccountNo, uniquePhone, type TestApp } from '../../../test/helpers';
import { newKey, newMember, withdraw } from '../../../test/reliability/money-helpers';

forEachDialect('account', (get) => {
  const registration = (over: Record<string, unknown> = {}) => ({
    name: 'Malee Rakdee',
    username: uniquePhone(),
    password: 'password123',
    sourceCode: 'GOOGLE',
    bankCode: 'SCB',
    bankAccountName: 'malee  rakdee ',
    bankAccountNo: uniqueAccountNo(),
    ...over,
  });

  /** The verification proof cookie each phone got (decision 0049), as a browser keeps it. */
  const proofs = new Map<string, string>();

  /** Sends and verifies an OTP for `phone`; returns the proof cookie (`name=value`). */
  const verifyPhone = async (phone: string) => {
    const t = get();
    const sent = await t.call('POST', '/api/otp/send', { body: { phoneNumber: phone } });
    const { otpToken } = sent.json<{ otpToken: string }>();
    const res = await t.call('POST', '/api/otp/verify', {
      body: { otpToken, otpCode: t.sms.lastCode(phone) },
    });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    proofs.set(phone, cookie);
    return cookie;
  };

  /** Posts as the client that verified the body's phone (its proof cookie, when any). */
  const post = (url: string, body: unknown) => {
    const proof = proofs.get(String((body as { username?: unknown }).username));
    return get().call('POST', url, { body, ...(proof ? { headers: { cookie: proof } } : {}) });
  };

  describe('registration', () => {
    it('registers with sequential member numbers and a normalised account name', async () => {
      const t = get();
      const numbers: string[] = [];
      for (let i = 0; i < 2; i++) {
        const input = registration();
        await verifyPhone(input.username);
        const res = await post('/api/account', input);
        expect([res.statusCode, res.json()]).toEqual([200, { message: 'SUCCESS' }]);
        const token = await t.login(input.username, input.password);
        const profile = await t.call('GET', '/api/account/profile', { token });
        const answer = api.account.getProfile.response.parse(profile.json());
        numbers.push(answer.profile._id);
        expect(answer.profile.username).toBe(input.username);
        expect(answer.bankAccount.bankAccountName).toBe('MALEE RAKDEE');
      }
      expect(Number(numbers[1])).toBe(Number(numbers[0]) + 1);
      expect(Number(numbers[0])).toBeGreaterThan(10001);
      const stored = await t.db
        .selectFrom('members')
        .select(['password_hash', 'source_code'])
        .where('member_no', '=', numbers[0]!)
        .executeTakeFirstOrThrow();
      expect(stored.password_hash).toMatch(/^\$argon2id\$/);
      expect(stored.source_code).toBe('GOOGLE');
    });

    it('needs a verified phone while the OTP setting is on', async () => {
      const res = await post('/api/account', registration());
      expect([res.statusCode, res.json()]).toEqual([400, { message: 'UNVERIFIED_OTP' }]);
      const check = await post('/api/account/validate', registration());
      expect(check.json()).toEqual({ message: 'UNVERIFIED_OTP' });
    });

    it('binds a verified phone to the client that verified it, for a short time (decision 0049)', async () => {
      const t = get();
      const input = registration();
      const phone = input.username;
      const proof = await verifyPhone(phone);
      const asB = (url: string, body: unknown, cookie?: string) =>
        t.call('POST', url, { body, ...(cookie ? { headers: { cookie } } : {}) });

      // B has no proof: refused at both steps, and /api/otp/send sends B a fresh code to the
      // phone (which B cannot read) instead of letting step 2 be skipped.
      for (const url of ['/api/account/validate', '/api/account']) {
        const res = await asB(url, input);
        expect([res.statusCode, res.json(), url]).toEqual([
          400,
          { message: 'UNVERIFIED_OTP' },
          url,
        ]);
      }
      t.clock.advance(61_000);
      const sentToB = await asB('/api/otp/send', { phoneNumber: phone });
      expect(sentToB.json<{ code: string }>().code).toBe('OK');
      // A forged or foreign proof does not help either.
      const forged = await asB('/api/account', input, 'wallet_otp=' + 'x'.repeat(43));
      expect(forged.json()).toEqual({ message: 'UNVERIFIED_OTP' });
      const other = registration();
      const foreign = await asB('/api/account', other, proof);
      expect(foreign.json()).toEqual({ message: 'UNVERIFIED_OTP' });

      // A, with the proof: send skips step 2 and the registration goes through.
      const sentToA = await asB('/api/otp/send', { phoneNumber: phone }, proof);
      expect(sentToA.json()).toEqual({ otpRef: '', otpToken: '', code: 'OTP_VERIFIED' });
      expect((await asB('/api/account/validate', input, proof)).json()).toEqual({ message: 'OK' });
      const done = await asB('/api/account', input, proof);
      expect([done.statusCode, done.json()]).toEqual([200, { message: 'SUCCESS' }]);
      // The proof is dropped once used.
      expect(String(done.headers['set-cookie'])).toMatch(/^wallet_otp=; .*Max-Age=0/);
    });

    it('expires the verification after OTP_VERIFIED_MINUTES, even for the client that made it', async () => {
      const t = get();
      const { verifiedMinutes } = t.config.otp;
      expect(verifiedMinutes).toBe(30);
      const input = registration();
      const proof = await verifyPhone(input.username);
      t.clock.advance((verifiedMinutes - 1) * 60_000);
      const inTime = await t.call('POST', '/api/account/validate', {
        body: input,
        headers: { cookie: proof },
      });
      expect(inTime.json()).toEqual({ message: 'OK' });
      t.clock.advance(2 * 60_000);
      for (const url of ['/api/account/validate', '/api/account']) {
        const late = await t.call('POST', url, { body: input, headers: { cookie: proof } });
        expect([late.statusCode, late.json()]).toEqual([400, { message: 'UNVERIFIED_OTP' }]);
      }
      // The phone is not "verified" for anyone any more: a new send sends a code.
      const sent = await t.call('POST', '/api/otp/send', {
        body: { phoneNumber: input.username },
        headers: { cookie: proof },
      });
      expect(sent.json<{ code: string }>().code).toBe('OK');
    });

    it('sets the proof as an HttpOnly, SameSite=Strict cookie for /api, living as long as it is valid', async () => {
      const t = get();
      const phone = uniquePhone();
      const sent = await t.call('POST', '/api/otp/send', { body: { phoneNumber: phone } });
      const res = await t.call('POST', '/api/otp/verify', {
        body: {
          otpToken: sent.json<{ otpToken: string }>().otpToken,
          otpCode: t.sms.lastCode(phone),
        },
      });
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^wallet_otp=[A-Za-z0-9_-]{43,}; /);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Strict');
      expect(cookie).toContain('Path=/api');
      expect(cookie).toContain(`Max-Age=${t.config.otp.verifiedMinutes * 60}`);
      // The answer body stays what the spec's client reads.
      expect(res.json()).toEqual({ message: 'OTP_CODE_VALID' });
    });

    it("refuses the operator's own deposit accounts as a member's bank account (EXISTING_BANK)", async () => {
      const t = get();
      const deposit = (
        await t.call('GET', '/api/lookup/deposit', {
          token: await t.login(DEMO_MEMBER.username, DEMO_MEMBER.password),
        })
      ).json<{ banks: { bankCode: string; bankType: string; bankAccountNo: string }[] }>();
      const own = deposit.banks.filter((b) => b.bankType === 'BANK');
      expect(own.length).toBeGreaterThan(0);
      for (const bank of own) {
        for (const url of ['/api/account/validate', '/api/account']) {
          const input = registration({
            bankCode: bank.bankCode,
            bankAccountNo: bank.bankAccountNo,
          });
          await verifyPhone(input.username as string);
          const res = await post(url, input);
          expect([res.statusCode, res.json(), url]).toEqual([
            409,
            { message: 'EXISTING_BANK', field: 'bankAccountNo' },
            url,
          ]);
        }
      }
      // The operator cannot move a member's payouts there either.
      const m = await newMember(t);
      const change = await t.call('PUT', `/api/operator/members/${m.memberNo}/bank`, {
        token: await t.operatorToken(),
        body: {
          bankCode: own[0]!.bankCode,
          bankAccountName: 'SOME NAME',
          bankAccountNo: own[0]!.bankAccountNo,
          reason: 'test',
        },
      });
      expect([change.statusCode, change.json()]).toEqual([409, { message: 'EXISTING_BANK' }]);
    });

    it('names the refused field when the password breaks the rule (validate and register)', async () => {
      for (const password of ['short', 'x'.repeat(129)]) {
        for (const url of ['/api/account/validate', '/api/account']) {
          const input = registration({ password });
          const res = await post(url, input);
          expect([res.statusCode, res.json(), url]).toEqual([
            400,
            { message: 'KEY_INVALID', field: 'password' },
            url,
          ]);
        }
      }
    });

    it('names the refused field of each step 3 and step 4 input (decision 0133)', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ name: 'a'.repeat(130) }, 'KEY_INVALID', 'name'],
        [{ name: 'Malee 😀' }, 'KEY_INVALID', 'name'],
        [{ name: 'Malee\u202Eeelam' }, 'KEY_INVALID', 'name'],
        [{ password: '😀😀😀😀' }, 'KEY_INVALID', 'password'],
        [{ inviteCode: 'PR' + '9'.repeat(40) }, 'KEY_INVALID', 'inviteCode'],
        [{ inviteCode: 'PR99999999' }, 'INVALID_USER_INFO', 'inviteCode'],
        [{ sourceCode: 'MYSPACE' }, 'INVALID_USER_INFO', 'sourceCode'],
        [{ bankCode: 'NOPE' }, 'INVALID_BANK', 'bankCode'],
        [{ bankAccountNo: '12345' }, 'KEY_INVALID', 'bankAccountNo'],
        [{ bankAccountNo: DEMO_MEMBER.bankAccountNo }, 'EXISTING_BANK', 'bankAccountNo'],
        [
          { bankAccountName: 'A'.repeat(60) + ' ' + 'B'.repeat(60) },
          'KEY_INVALID',
          'bankAccountName',
        ],
        [
          { bankCode: 'KTB', bankAccountName: 'มาลี รักดี' },
          'BANK_ACCOUNT_NAME_ENG',
          'bankAccountName',
        ],
      ];
      for (const [over, message, field] of cases) {
        const input = registration(over);
        await verifyPhone(input.username);
        for (const url of ['/api/account/validate', '/api/account']) {
          const res = await post(url, input);
          expect([res.statusCode, res.json(), url]).toEqual([
            message === 'EXISTING_BANK' ? 409 : 400,
            { message, field },
            url,
          ]);
        }
      }
      // A Thai or Lao name, with its marks, is a name.
      for (const name of ['มาลี รักดี', 'ມາລີ ຮັກດີ']) {
        const input = registration({ name });
        await verifyPhone(input.username);
        expect((await post('/api/account/validate', input)).json()).toEqual({ message: 'OK' });
      }
    });

    it('registers without OTP when the operator turns the setting off', async () => {
      const t = get();
      const token = await t.operatorToken();
      const off = await t.call('PUT', '/api/operator/settings/registerOTP', {
        token,
        body: { registerOTP: false },
      });
      expect(off.json()).toEqual({ registerOTP: false });
      try {
        expect((await t.call('GET', '/api/lookup/registerOTP')).json()).toEqual({
          registerOTP: false,
        });
        const res = await post('/api/account', registration());
        expect(res.statusCode).toBe(200);
      } finally {
        await t.call('PUT', '/api/operator/settings/registerOTP', {
          token,
          body: { registerOTP: true },
        });
      }
    });

    it('answers each registration rule with its catalogue code', async () => {
      const cases: [Record<string, unknown>, number, string][] = [
        [{ username: DEMO_MEMBER.username }, 409, 'EXISTING_USER'],
        [{ bankAccountNo: DEMO_MEMBER.bankAccountNo }, 409, 'EXISTING_BANK'],
        [{ bankCode: 'NOPE' }, 400, 'INVALID_BANK'],
        [{ bankCode: 'KTB', bankAccountName: 'มาลี รักดี' }, 400, 'BANK_ACCOUNT_NAME_ENG'],
        [{ bankCode: 'TMB', bankAccountName: 'MALEE 2' }, 400, 'BANK_ACCOUNT_NAME_ENG'],
        [{ bankCode: 'BBL', bankAccountName: 'Malée Rakdee' }, 400, 'BANK_ACCOUNT_NAME_ENG'],
        [{ inviteCode: 'PR99999999' }, 400, 'INVALID_USER_INFO'],
        [{ inviteCode: 'XX10001' }, 400, 'INVALID_USER_INFO'],
        [{ sourceCode: 'MYSPACE' }, 400, 'INVALID_USER_INFO'],
        [{ currency: 'LAK' }, 400, 'INVALID_USER_INFO'],
        [{ bankAccountNo: '12-34' }, 400, 'KEY_INVALID'],
        [{ isAdmin: true }, 400, 'KEY_INVALID'],
        [{ name: undefined }, 400, 'KEY_MISSING'],
      ];
      for (const [over, status, message] of cases) {
        const input = registration(over);
        if (input.username !== DEMO_MEMBER.username) await verifyPhone(input.username as string);
        const res = await post('/api/account', input);
        // Input errors also name the field (`field`, decision 0052): checked apart.
        expect([res.statusCode, res.json<{ message: string }>().message, over]).toEqual([
          status,
          message,
          over,
        ]);
      }
    });

    it('requires a 10-digit phone unless the server is a Lao build', async () => {
      const t = get();
      const res = await post('/api/account/validate', registration({ username: '081234567' }));
      expect([res.statusCode, res.json()]).toEqual([
        400,
        { message: 'PHONE_NUMBER_REQUIRE_10_DIGIT' },
      ]);
      const lao = await t.rebuild({ laoBuild: true });
      const phone = '2055' + String(Date.now()).slice(-5);
      const sent = await lao.inject({
        method: 'POST',
        url: '/api/otp/send',
        headers: { 'x-wallet-user': 'member' },
        payload: { phoneNumber: phone },
      });
      const verified = await lao.inject({
        method: 'POST',
        url: '/api/otp/verify',
        headers: { 'x-wallet-user': 'member' },
        payload: {
          otpToken: sent.json<{ otpToken: string }>().otpToken,
          otpCode: t.sms.lastCode(phone),
        },
      });
      const created = await lao.inject({
        method: 'POST',
        url: '/api/account',
        headers: {
          'x-wallet-user': 'member',
          cookie: String(verified.headers['set-cookie']).split(';')[0]!,
        },
        payload: registration({ username: phone, bankCode: 'BCEL', currency: 'LAK' }),
      });
      expect([created.statusCode, created.json()]).toEqual([200, { message: 'SUCCESS' }]);
      const row = await t.db
        .selectFrom('members')
        .select('currency')
        .where('username', '=', phone)
        .executeTakeFirstOrThrow();
      expect(row.currency).toBe('LAK');
    });

    it('links a valid inviter code PR{memberNo}', async () => {
      const t = get();
      const input = registration({ inviteCode: 'PR10001' });
      await verifyPhone(input.username as string);
      expect((await post('/api/account', input)).statusCode).toBe(200);
      const row = await t.db
        .selectFrom('members as m')
        .innerJoin('members as inviter', 'inviter.id', 'm.invited_by')
        .select('inviter.member_no')
        .where('m.username', '=', input.username as string)
        .executeTakeFirstOrThrow();
      expect(row.member_no).toBe('10001');
    });

    it('validate (step 3) checks without storing and accepts missing bank fields', async () => {
      const t = get();
      const input = registration();
      await verifyPhone(input.username as string);
      const { name, username, password } = input;
      const res = await post('/api/account/validate', { name, username, password });
      expect([res.statusCode, res.json()]).toEqual([200, { message: 'OK' }]);
      const stored = await t.db
        .selectFrom('members')
        .select('id')
        .where('username', '=', username as string)
        .executeTakeFirst();
      expect(stored).toBeUndefined();
      const dup = await post('/api/account/validate', {
        name,
        username: DEMO_MEMBER.username,
        password,
      });
      expect(dup.json()).toEqual({ message: 'EXISTING_USER' });
    });

    it('gives exactly one of two simultaneous registrations of one phone', async () => {
      const input = registration();
      await verifyPhone(input.username as string);
      const results = await Promise.all([
        post('/api/account', input),
        post('/api/account', { ...input, bankAccountNo: uniqueAccountNo() }),
      ]);
      const answers = results.map((r) => r.json<{ message: string }>().message).sort();
      expect(answers).toEqual(['EXISTING_USER', 'SUCCESS']);
    });
  });

  describe('payout account name changes (decisions 0019, 0052)', () => {
    const withdrawRow = (t: TestApp, ref: string) =>
      t.db.selectFrom('withdrawals').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();

    for (const via of ['bankAccountName', 'profile'] as const) {
      it(`sends withdrawals to review after the member changes the name (PUT /api/account/${via})`, async () => {
        const t = get();
        const m = await newMember(t, 1000, { bankCode: 'KTB', bankAccountName: 'FIRST OWNER' });
        // Before any change a small withdrawal is paid at once.
        const first = (await withdraw(t, m.token, 100, newKey(), '/api/wallet/withdraw')).json<{
          status: string;
        }>();
        expect(first.status).toBe('PAID');
        const { bankAccount } = (
          await t.call('GET', '/api/account/profile', { token: m.token })
        ).json<{ bankAccount: { bankCode: string; bankAccountNo: string } }>();
        const changed =
          via === 'bankAccountName'
            ? await t.call('PUT', '/api/account/bankAccountName', {
                token: m.token,
                body: { bankCode: 'KTB', bankAccountName: 'someone else' },
              })
            : await t.call('PUT', '/api/account/profile', {
                token: m.token,
                body: {
                  name: 'Test Member',
                  bankCode: bankAccount.bankCode,
                  bankAccountNo: bankAccount.bankAccountNo,
                  bankAccountName: 'someone else',
                },
              });
        expect([changed.statusCode, changed.json()]).toEqual([200, { message: 'SUCCESS' }]);

        const small = (await withdraw(t, m.token, 100, newKey(), '/api/wallet/withdraw')).json<{
          status: string;
          reference: string;
        }>();
        expect(small.status).toBe('WAITING');
        expect(await withdrawRow(t, small.reference)).toMatchObject({
          review_reason: 'bank_changed',
          bank_account_name: 'SOMEONE ELSE',
        });
        // Recorded with the old and new name.
        const audit = await t.db
          .selectFrom('member_account_name_changes')
          .selectAll()
          .where('member_id', '=', m.id)
          .execute();
        expect(audit).toHaveLength(1);
        expect(audit[0]).toMatchObject({ old_name: 'FIRST OWNER', new_name: 'SOMEONE ELSE' });
        await expect(
          t.db.deleteFrom('member_account_name_changes').where('member_id', '=', m.id).execute(),
        ).rejects.toThrow(/append-only/);

        t.clock.advance(t.config.withdraw.bankChangeReviewHours * 3_600_000 + 1000);
        const later = (await withdraw(t, m.token, 100, newKey(), '/api/wallet/withdraw')).json<{
          status: string;
        }>();
        expect(later.status).toBe('PAID');
      });
    }

    it('does not start a review when the name stays the same (spacing and case only)', async () => {
      const t = get();
      const m = await newMember(t, 1000, { bankCode: 'KTB', bankAccountName: 'SAME OWNER' });
      const res = await t.call('PUT', '/api/account/bankAccountName', {
        token: m.token,
        body: { bankCode: 'KTB', bankAccountName: '  same   owner ' },
      });
      expect(res.statusCode).toBe(200);
      const small = (await withdraw(t, m.token, 100, newKey(), '/api/wallet/withdraw')).json<{
        status: string;
      }>();
      expect(small.status).toBe('PAID');
    });
  });

  describe('profile', () => {
    it('answers profile and bank account in the caller language', async () => {
      const t = get();
      const token = await t.login(DEMO_MEMBER.username, DEMO_MEMBER.password);
      const th = await t.call('GET', '/api/account/profile', { token });
      expect(th.json()).toMatchObject({
        // The seed gives the demo member 5 spin coins (decision 0082).
        profile: { _id: '10001', username: DEMO_MEMBER.username, name: DEMO_MEMBER.name, coin: 5 },
        bankAccount: {
          bankCode: 'KBANK',
          bankAccountNo: DEMO_MEMBER.bankAccountNo,
          bankAccountName: DEMO_MEMBER.bankAccountName,
          bank: { nameTH: 'ธนาคารกสิกรไทย', nameLA: 'ທະນາຄານກະສິກອນໄທ', nameEN: 'Kasikornbank' },
        },
      });
      const la = await t.call('GET', '/api/account/profile', {
        token,
        headers: { 'accept-language': 'la' },
      });
      // nameTH is the Thai name in every language (spec: "bank name (Thai name)"); nameLA
      // the Lao one (decision 0058).
      expect(la.json<{ bankAccount: { bank: unknown } }>().bankAccount.bank).toEqual({
        nameTH: 'ธนาคารกสิกรไทย',
        nameLA: 'ທະນາຄານກະສິກອນໄທ',
        nameEN: 'Kasikornbank',
      });
      expect(th.body).not.toMatch(/password|argon2|hash/i);
    });

    it('updates the name and account name, never the payout account (decision 0019)', async () => {
      const t = get();
      const ownNo = uniqueAccountNo();
      const token = await t.registerMember({
        username: uniquePhone(),
        bankCode: 'KTB',
        bankAccountName: 'OLD NAME',
        bankAccountNo: ownNo,
      });
      const profileOf = async () =>
        (await t.call('GET', '/api/account/profile', { token })).json<{
          profile: { name: string };
          bankAccount: { bankCode: string; bankAccountName: string; bankAccountNo: string };
        }>();
      const ok = await t.call('PUT', '/api/account/profile', {
        token,
        body: {
          name: 'New Name',
          bankCode: 'KTB',
          bankAccountName: 'new name',
          bankAccountNo: ownNo,
        },
      });
      expect([ok.statusCode, ok.json()]).toEqual([200, { message: 'SUCCESS' }]);
      const after = await profileOf();
      expect(after.profile.name).toBe('New Name');
      expect(after.bankAccount).toMatchObject({
        bankCode: 'KTB',
        bankAccountName: 'NEW NAME',
        bankAccountNo: ownNo,
      });
      // Another number, another bank, or someone else's number: refused alike, nothing changed
      // (the answer never tells whether a number belongs to another member).
      for (const change of [
        { bankCode: 'KTB', bankAccountNo: uniqueAccountNo() },
        { bankCode: 'SCB', bankAccountNo: ownNo },
        { bankCode: 'SCB', bankAccountNo: DEMO_MEMBER.bankAccountNo },
      ]) {
        const refused = await t.call('PUT', '/api/account/profile', {
          token,
          body: { name: 'Thief', bankAccountName: 'THIEF', ...change },
        });
        expect([refused.statusCode, refused.json()]).toEqual([400, { message: 'INVALID_BANK' }]);
      }
      expect(await profileOf()).toEqual(after);
      const thai = await t.call('PUT', '/api/account/profile', {
        token,
        body: { name: 'x', bankCode: 'KTB', bankAccountName: 'ชื่อ ไทย', bankAccountNo: ownNo },
      });
      expect(thai.json()).toEqual({ message: 'BANK_ACCOUNT_NAME_ENG' });
      const rows = await t.db.selectFrom('member_bank_changes').selectAll().execute();
      expect(rows.filter((r) => r.new_bank_account_no === ownNo)).toEqual([]);
    });

    it('fixes the bank account name on the member’s own bank only', async () => {
      const t = get();
      const token = await t.registerMember({
        username: uniquePhone(),
        bankCode: 'KTB',
        bankAccountName: 'FIRST LAST',
      });
      const thai = await t.call('PUT', '/api/account/bankAccountName', {
        token,
        body: { bankCode: 'KTB', bankAccountName: 'สมชาย ใจดี' },
      });
      expect([thai.statusCode, thai.json()]).toEqual([400, { message: 'BANK_ACCOUNT_NAME_ENG' }]);
      const other = await t.call('PUT', '/api/account/bankAccountName', {
        token,
        body: { bankCode: 'SCB', bankAccountName: 'FIRST LAST' },
      });
      expect(other.json()).toEqual({ message: 'INVALID_BANK' });
      const ok = await t.call('PUT', '/api/account/bankAccountName', {
        token,
        body: { bankCode: 'KTB', bankAccountName: ' first   last ' },
      });
      expect([ok.statusCode, ok.json()]).toEqual([200, { message: 'SUCCESS' }]);
      const profile = (await t.call('GET', '/api/account/profile', { token })).json<{
        bankAccount: { bankAccountName: string };
      }>();
      expect(profile.bankAccount.bankAccountName).toBe('FIRST LAST');
    });
  });

  describe('change password', () => {
    it('checks the old password, then revokes every other session', async () => {
      const t = get();
      const phone = uniquePhone();
      const current = await t.registerMember({ username: phone, password: 'old-password' });
      const other = await t.login(phone, 'old-password');
      const wrong = await t.call('PUT', '/api/account/changepwd', {
        token: current,
        body: { oldPassword: 'not-it', newPassword: 'new-password' },
      });
      expect([wrong.statusCode, wrong.json()]).toEqual([400, { message: 'WRONG_PASSWORD' }]);
      expect((await t.call('GET', '/api/account/profile', { token: other })).statusCode).toBe(200);

      const short = await t.call('PUT', '/api/account/changepwd', {
        token: current,
        body: { oldPassword: 'old-password', newPassword: 'short' },
      });
      // The one password rule (decision 0133), its field named as at registration.
      expect([short.statusCode, short.json()]).toEqual([
        400,
        { message: 'KEY_INVALID', field: 'newPassword' },
      ]);
      const emoji = await t.call('PUT', '/api/account/changepwd', {
        token: current,
        body: { oldPassword: 'old-password', newPassword: '😀😀😀😀' },
      });
      expect(emoji.json()).toEqual({ message: 'KEY_INVALID', field: 'newPassword' });

      const ok = await t.call('PUT', '/api/account/changepwd', {
        token: current,
        body: { oldPassword: 'old-password', newPassword: 'new-password' },
      });
      expect([ok.statusCode, ok.json()]).toEqual([200, { message: 'SUCCESS' }]);
      expect((await t.call('GET', '/api/account/profile', { token: current })).statusCode).toBe(
        200,
      );
      expect((await t.call('GET', '/api/account/profile', { token: other })).json()).toEqual({
        message: 'UNAUTHORIZED',
      });
      const oldLogin = await t.call('POST', '/api/login', {
        body: { username: phone, password: 'old-password' },
      });
      expect(oldLogin.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
      expect(await t.login(phone, 'new-password')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });
  });
});
