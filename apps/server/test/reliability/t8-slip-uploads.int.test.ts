// reliability.md T8 for POST /api/wallet/slip: generated hostile uploads on both dialects:
// wrong magic bytes, huge, truncated and corrupted images, QR codes that are not slips,
// slips for another operator's account, another member's slip, a slip the bank does not
// know, and multipart abuse (many files, no file, other field names, many fields, broken
// bodies, wrong content types, missing or reused keys), and decompression bombs (decision
// 0043: interlaced PNG, one huge IDAT, many IDATs, JPEG frames over the cap or over no data). Pass figure: 0 HTTP 5xx and 0
// balance changes (the ledger's balances and posting count before and after each
// request). A positive control at the end proves uploads still credit.
import { randomUUID } from 'node:crypto';
import { generate } from 'promptparse';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { ledgerCheck } from '../../src/modules/ledger';
import { forEachDialect, uniqueAccountNo, uniquePhone } from '../helpers';
import type { Part } from '../slip-support';
import { jpegWithFrame, pngInflateBomb } from '../slip-bombs';
import {
  bankTransfer,
  multipartBody,
  newTransRef,
  qrImage,
  registeredLongAgo,
  slipImage,
} from '../slip-support';
import { ledgerFingerprint } from './money-helpers';

const RUNS = 1000;
const seedFromEnv = Number(process.env.T8_SEED ?? '') || undefined;

interface Raw {
  label: string;
  contentType?: string;
  payload: Buffer;
  key: 'fresh' | 'missing' | 'malformed' | 'reused';
}

forEachDialect('T8 hostile slip uploads', (get) => {
  it(`survives ${RUNS} generated hostile uploads`, { timeout: 600_000 }, async () => {
    const t = get();
    const bankAccountNo = uniqueAccountNo();
    const token = await t.registerMember({
      username: uniquePhone(),
      bankCode: 'SCB',
      bankAccountNo,
    });
    // A member of long standing, whose own slips credit at once (decision 0124): the strictest
    // test of the hostile ones never crediting.
    await registeredLongAgo(t, { token });
    const from = { bankCode: 'SCB', accountNo: bankAccountNo };

    // Real images the bank knows about, none of which may ever credit this member.
    const otherOperator = bankTransfer(t, {
      from,
      to: { bankCode: 'KBANK', accountNo: '1112223334' },
      amount: 50_000,
    });
    const otherMember = bankTransfer(t, {
      from: { bankCode: 'SCB', accountNo: '8887776665' },
      amount: 50_000,
    });
    const unknown = { sendingBank: '014', transRef: newTransRef() };
    const images = [
      slipImage(otherOperator),
      slipImage(otherOperator, { format: 'jpg' }),
      slipImage(otherMember),
      slipImage(unknown, { format: 'jpg' }),
      qrImage('https://example.com/phish'),
      qrImage(generate.anyId({ type: 'MSISDN', target: '0812345678', amount: 500 })),
      qrImage(`${generate.slipVerify(unknown).slice(0, -4)}FFFF`),
    ];
    const huge = Buffer.concat([images[0]!, Buffer.alloc(11 * 1024 * 1024, 7)]);
    const bombs = [
      await pngInflateBomb({ inflatedBytes: 64 << 20, interlaced: true }),
      await pngInflateBomb({ inflatedBytes: 64 << 20 }),
      await pngInflateBomb({ inflatedBytes: 64 << 20, interlaced: true, idats: 4_000 }),
      jpegWithFrame(65_000, 65_000),
      jpegWithFrame(4_800, 4_800),
    ];

    const filePart = (
      data: Buffer,
      name = 'file',
      filename = 'slip.png',
      contentType = 'image/png',
    ): Part => ({
      name,
      filename,
      contentType,
      data,
    });
    const asMultipart = (label: string, parts: Part[]) => {
      const body = multipartBody(parts);
      return { label, contentType: body.contentType, payload: body.payload };
    };
    const image = fc.constantFrom(...images);
    const bytes = fc.uint8Array({ maxLength: 4096 }).map((a) => Buffer.from(a));
    const fileCase = fc.oneof(
      bytes.map((b) => asMultipart('random bytes', [filePart(b)])),
      bytes.map((b) =>
        asMultipart('png magic + junk', [filePart(Buffer.concat([images[0]!.subarray(0, 8), b]))]),
      ),
      bytes.map((b) =>
        asMultipart('jpeg magic + junk', [
          filePart(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), b])),
        ]),
      ),
      fc
        .tuple(image, fc.double({ min: 0, max: 1, noNaN: true }))
        .map(([img, f]) =>
          asMultipart('truncated', [
            filePart(img.subarray(0, Math.max(1, Math.floor(img.length * f)))),
          ]),
        ),
      fc
        .tuple(
          image,
          fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), {
            minLength: 1,
            maxLength: 20,
          }),
        )
        .map(([img, flips]) => {
          const copy = Buffer.from(img);
          for (const [at, value] of flips) copy[at % copy.length] = value;
          return asMultipart('corrupted', [filePart(copy)]);
        }),
      image.map((img) => asMultipart('not ours / not a slip', [filePart(img)])),
      fc.constant(asMultipart('huge', [filePart(huge)])),
      fc.constantFrom(...bombs).map((b) => asMultipart('bomb', [filePart(b)])),
      fc
        .constantFrom('image/svg+xml', 'text/html', 'application/pdf', '')
        .chain((type) =>
          fc
            .constantFrom('../../etc/passwd', 'a"b.png', 'x.svg', '', 'ก.png')
            .map((name) =>
              asMultipart('odd name/type', [
                filePart(images[2]!, 'file', name, type || 'application/octet-stream'),
              ]),
            ),
        ),
    );
    const abuseCase = fc.oneof(
      fc.integer({ min: 2, max: 12 }).map((n) =>
        asMultipart(
          'many files',
          Array.from({ length: n }, () => filePart(images[0]!)),
        ),
      ),
      fc
        .constantFrom(
          'File',
          'files',
          'file[]',
          'image',
          '__proto__',
          'constructor',
          'upload',
          ' file',
        )
        .map((name) => asMultipart('other field name', [filePart(images[0]!, name)])),
      fc
        .array(
          fc.tuple(
            fc.constantFrom('file', 'note', 'amount', 'balance', 'memberId'),
            fc.string({ maxLength: 40 }),
          ),
          {
            minLength: 1,
            maxLength: 40,
          },
        )
        .map((fields) =>
          asMultipart(
            'fields only',
            fields.map(([name, data]) => ({ name, data })),
          ),
        ),
      fc
        .tuple(fc.integer({ min: 0, max: 8 }), image)
        .map(([n, img]) =>
          asMultipart('fields then file', [
            ...Array.from({ length: n }, (_, i) => ({ name: `f${i}`, data: 'x' })),
            filePart(img),
          ]),
        ),
      fc.tuple(image, fc.double({ min: 0, max: 1, noNaN: true })).map(([img, f]) => {
        const body = multipartBody([filePart(img)]);
        return {
          label: 'body cut short',
          contentType: body.contentType,
          payload: body.payload.subarray(0, Math.floor(body.payload.length * f)),
        };
      }),
      image.map((img) => ({
        label: 'wrong boundary',
        contentType: 'multipart/form-data; boundary=not-the-one',
        payload: multipartBody([filePart(img)]).payload,
      })),
      fc
        .constantFrom(
          'multipart/form-data',
          'multipart/mixed; boundary=x',
          'application/octet-stream',
          'image/png',
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
        )
        .chain((contentType) =>
          fc
            .oneof(image, bytes)
            .map((payload) => ({ label: `content-type ${contentType}`, contentType, payload })),
        ),
      fc.constant({ label: 'empty body', payload: Buffer.alloc(0) }),
    );
    const caseArb = fc
      .tuple(
        fc.oneof({ weight: 3, arbitrary: fileCase }, { weight: 2, arbitrary: abuseCase }),
        fc.constantFrom<Raw['key']>(
          'fresh',
          'fresh',
          'fresh',
          'fresh',
          'missing',
          'malformed',
          'reused',
        ),
      )
      .map(([c, key]) => ({ ...c, key }) as Raw);

    const used: string[] = [];
    const byStatus: Record<string, number> = {};
    const byLabel: Record<string, number> = {};
    let cases = 0;
    let serverErrors = 0;
    let moved = 0;
    let credited = 0;
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const before = await ledgerFingerprint(t.db);
        let key: string | undefined;
        if (c.key === 'fresh' || (c.key === 'reused' && used.length === 0))
          key = `t8-${randomUUID()}`;
        else if (c.key === 'malformed') key = 'bad key!';
        else if (c.key === 'reused') key = used[used.length - 1];
        if (key && c.key !== 'malformed') used.push(key);
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/wallet/slip',
          headers: {
            'x-wallet-user': 'member',
            authorization: `Bearer ${token}`,
            ...(c.contentType !== undefined ? { 'content-type': c.contentType } : {}),
            ...(key ? { 'idempotency-key': key } : {}),
          },
          payload: c.payload,
        });
        const after = await ledgerFingerprint(t.db);
        let message = '';
        try {
          message = res.json<{ message?: string }>().message ?? '';
        } catch {
          message = '(not json)';
        }
        cases++;
        const label = `${res.statusCode} ${message}`;
        byStatus[label] = (byStatus[label] ?? 0) + 1;
        byLabel[c.label] = (byLabel[c.label] ?? 0) + 1;
        if (res.statusCode >= 500) serverErrors++;
        if (after !== before) moved++;
        if (message === 'SUCCESS') credited++;
        // A bomb with a fresh key is stored and then refused as undecodable.
        if (c.label === 'bomb' && c.key === 'fresh' && message !== 'IMG_SIZE_UNABLE_TO_PROCESS')
          return false;
        return res.statusCode < 500 && after === before && message !== 'SUCCESS';
      }),
      { numRuns: RUNS, ...(seedFromEnv ? { seed: seedFromEnv } : {}), endOnFailure: true },
    );
    console.log(
      `T8 slips [${t.dialect}]: cases=${cases} 5xx=${serverErrors} balanceChanges=${moved} ` +
        `credited=${credited} answers=${JSON.stringify(byStatus)} kinds=${JSON.stringify(byLabel)} ` +
        `ms=${Date.now() - started}`,
    );
    expect([cases, serverErrors, moved, credited]).toEqual([RUNS, 0, 0, 0]);
    // The hostile set reached every stage: refusals before storage and failed slips after it.
    expect(Object.keys(byStatus).some((l) => l.startsWith('400 SLIP_'))).toBe(true);
    expect(Object.keys(byStatus).some((l) => l.startsWith('200 '))).toBe(true);
    expect((await ledgerCheck(t.db)).violations).toEqual([]);

    // Positive control: the member's own slip still credits.
    const own = bankTransfer(t, { from, amount: 1_000 });
    const body = multipartBody([filePart(slipImage(own))]);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/slip',
      headers: {
        'x-wallet-user': 'member',
        authorization: `Bearer ${token}`,
        'content-type': body.contentType,
        'idempotency-key': `t8-${randomUUID()}`,
      },
      payload: body.payload,
    });
    expect(ok.json()).toMatchObject({ message: 'SUCCESS' });
    expect((await ledgerCheck(t.db)).violations).toEqual([]);
  });
});
