// reliability.md T10, the chat's anonymous surface (issue 25, section 3 items 2 and 3;
// decision 0121), on both databases, at the documented limits unless a case says otherwise:
// - uploads: byte quotas per hour per visitor, per member, per client address, and for the
//   visitors of one address together, each holding in bytes; a cap on the whole chat store;
//   fewer uploads a minute for a visitor than for a member; unsent files gone after an hour;
// - guest ids: a few a minute per address;
// - the agents' inbox: new visitor conversations per address per hour, and one inbox row per
//   address for the visitor conversations that come from it.
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { housekeeping } from '../../src/jobs/housekeeping';
import { HOUR_MS, MINUTE_MS } from '../../src/lib/clock';
import { mintGuestId } from '../../src/lib/guest-id';
import { setSetting } from '../../src/modules/settings';
import { imageFile, videoFile } from '../chat-file-support';
import type { TestApp } from '../helpers';
import { forEachDialect, uniquePhone } from '../helpers';
import { multipartBody } from '../slip-support';

const chat = loadConfig({ NODE_ENV: 'test' }).chat;
const MB = 1024 * 1024;
/**
 * Fresh guest ids sending a first message from one address: most of the address's per-IP
 * send limit (RATE_LIMIT_CHAT_SEND_PER_MIN x 10 = 300 a minute, which the 300 came
 * from), leaving room for the follow-up calls of the same minute.
 */
const FLOOD = chat.sendsPerMin * 10 - 10;

type Who = { token: string } | { guestId: string };

let ips = 0;
const nextIp = () => {
  const i = ++ips;
  return `10.77.${(i >> 8) & 255}.${i & 255}`;
};

/** A video of about `mb` megabytes (the server checks its boxes, never its media). */
const video = (mb: number) => videoFile('isom', Math.round(mb * MB));

function upload(
  t: TestApp,
  who: Who,
  data: Buffer,
  ip: string,
  kind: 'image' | 'video' = 'video',
): Promise<LightMyRequestResponse> {
  const body = multipartBody([
    {
      name: 'file',
      filename: kind === 'video' ? 'clip.mp4' : 'photo.png',
      contentType: kind === 'video' ? 'video/mp4' : 'image/png',
      data,
    },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/chat/upload-${kind}`,
    remoteAddress: ip,
    headers: {
      'x-wallet-user': 'member',
      'content-type': body.contentType,
      ...('token' in who ? { authorization: `Bearer ${who.token}` } : {}),
      ...('guestId' in who ? { 'x-chat-guest': who.guestId } : {}),
    },
    payload: body.payload,
  });
}

function sendText(t: TestApp, who: Who, text: string, ip: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/chat/send-message',
    remoteAddress: ip,
    headers: {
      'x-wallet-user': 'member',
      ...('token' in who ? { authorization: `Bearer ${who.token}` } : {}),
    },
    payload: {
      conversation: {
        clientMessageId: randomUUID(),
        sender: 'customer',
        message: { message_type: 'text', payload: text },
        userId: null,
        guestId: 'guestId' in who ? who.guestId : null,
        username: null,
        name: null,
        deviceToken: null,
        session_id: null,
      },
    },
  });
}

const label = (res: LightMyRequestResponse) =>
  res.statusCode === 200
    ? '200'
    : `${res.statusCode} ${String(res.json<{ message: string }>().message)}`;

function tally(labels: string[]) {
  return labels.reduce<Record<string, number>>((a, l) => ({ ...a, [l]: (a[l] ?? 0) + 1 }), {});
}

/** Bytes the store keeps for chat files whose rows match, from the rows and the store itself. */
async function storedBytes(t: TestApp, ownerKeys: string[]) {
  const rows = await t.db
    .selectFrom('chat_files')
    .select(['store_key', 'thumb_store_key', 'bytes', 'thumb_bytes'])
    .where('owner_key', 'in', ownerKeys)
    .execute();
  const inStore = rows.reduce(
    (sum, r) =>
      sum +
      (t.files.files.get(r.store_key)?.length ?? 0) +
      (r.thumb_store_key ? (t.files.files.get(r.thumb_store_key)?.length ?? 0) : 0),
    0,
  );
  return { files: rows.length, bytes: inStore };
}

async function newMember(t: TestApp) {
  const token = await t.registerMember({ username: uniquePhone() });
  const memberNo = await t.memberNo(token);
  const { id } = await t.db
    .selectFrom('members')
    .select('id')
    .where('member_no', '=', memberNo)
    .executeTakeFirstOrThrow();
  return { token, key: `member:${id}` };
}

forEachDialect(
  'T10 chat abuse',
  (get) => {
    it(
      `13 visitors of one address upload 18.5 MB videos: the address's visitors keep ${chat.uploadBytesPerHour.guestIp / MB} MB an hour`,
      { timeout: 300_000 },
      async () => {
        const t = get();
        await setSetting(t.db, t.clock, 'enableChatWidget', true);
        const ip = nextIp();
        const guests: string[] = [];
        // Each visitor mints its own guest id through the config, from the one address.
        for (let i = 0; i < 13; i++) {
          const config = await t.app.inject({
            method: 'GET',
            url: '/api/chat/config',
            remoteAddress: ip,
            headers: { 'x-wallet-user': 'member' },
          });
          guests.push(config.json<{ guestId: string }>().guestId);
        }
        const file = video(18.5);
        const started = Date.now();
        const answers: string[] = [];
        for (const guestId of guests) answers.push(label(await upload(t, { guestId }, file, ip)));
        const kept = await storedBytes(
          t,
          guests.map((g) => `guest:${g}`),
        );
        console.log(
          `T10 chat uploads [${t.dialect}] 13 visitors, one address, 18.5 MB each: ${JSON.stringify(tally(answers))}, ` +
            `stored ${kept.files} files, ${(kept.bytes / MB).toFixed(1)} MB, ms=${Date.now() - started}`,
        );
        const fits = Math.floor(chat.uploadBytesPerHour.guestIp / file.length);
        expect(tally(answers)).toEqual({ '200': fits, '429 REQUEST_LIMIT': 13 - fits });
        expect(kept.files).toBe(fits);
        expect(kept.bytes).toBeLessThanOrEqual(chat.uploadBytesPerHour.guestIp);
        // The wait is told: the quota's hour.
        const refused = await upload(t, { guestId: mintGuestId(chat.guestSecret) }, file, ip);
        const wait = refused.json<{ retryAfterSeconds: number }>().retryAfterSeconds;
        expect(wait).toBeGreaterThan(50 * 60);
        expect(wait).toBeLessThanOrEqual(60 * 60);
        // An hour later the address may upload again.
        t.clock.advance(HOUR_MS + MINUTE_MS);
        expect(label(await upload(t, { guestId: guests[12]! }, file, ip))).toBe('200');
      },
    );

    it(
      `per visitor ${chat.uploadBytesPerHour.guest / MB} MB and per member ${chat.uploadBytesPerHour.member / MB} MB an hour, in bytes`,
      { timeout: 300_000 },
      async () => {
        const t = get();
        const guestId = mintGuestId(chat.guestSecret);
        const guestAnswers: string[] = [];
        for (let i = 0; i < 6; i++) {
          // A visitor may send 3 a minute: the minute moves on between them.
          if (i > 0 && i % 3 === 0) t.clock.advance(MINUTE_MS + 1000);
          guestAnswers.push(label(await upload(t, { guestId }, video(6), nextIp())));
        }
        const guestKept = await storedBytes(t, [`guest:${guestId}`]);
        const m = await newMember(t);
        const memberAnswers: string[] = [];
        for (let i = 0; i < 7; i++)
          memberAnswers.push(label(await upload(t, { token: m.token }, video(18), nextIp())));
        const memberKept = await storedBytes(t, [m.key]);
        console.log(
          `T10 chat uploads [${t.dialect}] one visitor, 6 MB x6: ${guestAnswers.join(' ')} -> ${(guestKept.bytes / MB).toFixed(1)} MB; ` +
            `one member, 18 MB x7: ${memberAnswers.join(' ')} -> ${(memberKept.bytes / MB).toFixed(1)} MB`,
        );
        const guestFits = Math.floor(chat.uploadBytesPerHour.guest / video(6).length);
        expect(guestAnswers).toEqual([
          ...Array<string>(guestFits).fill('200'),
          ...Array<string>(6 - guestFits).fill('429 REQUEST_LIMIT'),
        ]);
        expect(guestKept.bytes).toBeLessThanOrEqual(chat.uploadBytesPerHour.guest);
        const memberFits = Math.floor(chat.uploadBytesPerHour.member / video(18).length);
        expect(memberAnswers).toEqual([
          ...Array<string>(memberFits).fill('200'),
          ...Array<string>(7 - memberFits).fill('429 REQUEST_LIMIT'),
        ]);
        expect(memberKept.bytes).toBeLessThanOrEqual(chat.uploadBytesPerHour.member);
      },
    );

    it(
      `per address ${chat.uploadBytesPerHour.ip / MB} MB an hour for every caller together`,
      { timeout: 300_000 },
      async () => {
        const t = get();
        const ip = nextIp();
        const members = [];
        for (let i = 0; i < 12; i++) members.push(await newMember(t));
        const answers: string[] = [];
        for (const m of members)
          answers.push(label(await upload(t, { token: m.token }, video(18), ip)));
        const kept = await storedBytes(
          t,
          members.map((m) => m.key),
        );
        console.log(
          `T10 chat uploads [${t.dialect}] 12 members, one address, 18 MB each: ${JSON.stringify(tally(answers))} -> ${(kept.bytes / MB).toFixed(1)} MB`,
        );
        const fits = Math.floor(chat.uploadBytesPerHour.ip / video(18).length);
        expect(tally(answers)).toEqual({ '200': fits, '429 REQUEST_LIMIT': 12 - fits });
        expect(kept.bytes).toBeLessThanOrEqual(chat.uploadBytesPerHour.ip);
      },
    );

    it('a visitor uploads fewer files a minute than a member', async () => {
      const t = get();
      const png = await imageFile('png', 8, 8);
      const guestId = mintGuestId(chat.guestSecret);
      const m = await newMember(t);
      const guestAnswers: string[] = [];
      const memberAnswers: string[] = [];
      for (let i = 0; i < chat.uploadsPerMin + 2; i++) {
        guestAnswers.push(label(await upload(t, { guestId }, png, nextIp(), 'image')));
        memberAnswers.push(label(await upload(t, { token: m.token }, png, nextIp(), 'image')));
      }
      console.log(
        `T10 chat uploads [${t.dialect}] per minute: visitor ${JSON.stringify(tally(guestAnswers))}, member ${JSON.stringify(tally(memberAnswers))}`,
      );
      expect(tally(guestAnswers)).toEqual({
        '200': chat.guestUploadsPerMin,
        '429 REQUEST_LIMIT': chat.uploadsPerMin + 2 - chat.guestUploadsPerMin,
      });
      expect(tally(memberAnswers)).toEqual({ '200': chat.uploadsPerMin, '429 REQUEST_LIMIT': 2 });
    });

    it(`guest ids: ${chat.guestIdsPerMin} a minute per address, then REQUEST_LIMIT_1MIN`, async () => {
      const t = get();
      const ip = nextIp();
      const answers: string[] = [];
      for (let i = 0; i < chat.guestIdsPerMin + 5; i++) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/chat/config',
          remoteAddress: ip,
          headers: { 'x-wallet-user': 'member' },
        });
        answers.push(label(res));
      }
      console.log(
        `T10 chat guest ids [${t.dialect}] one address: ${JSON.stringify(tally(answers))}`,
      );
      expect(tally(answers)).toEqual({ '200': chat.guestIdsPerMin, '429 REQUEST_LIMIT_1MIN': 5 });
    });

    it(
      `${FLOOD} fresh guest ids of one address open ${chat.guestConversationsPerIpPerHour} conversations an hour, shown as one inbox row`,
      { timeout: 300_000 },
      async () => {
        const t = get();
        await setSetting(t.db, t.clock, 'enableChatWidget', true);
        const ip = nextIp();
        const before = await t.db.selectFrom('chat_conversations').select('id').execute();
        const guests = Array.from({ length: FLOOD }, () => mintGuestId(chat.guestSecret));
        const answers: string[] = [];
        for (let i = 0; i < guests.length; i += 50) {
          const batch = await Promise.all(
            guests.slice(i, i + 50).map((guestId) => sendText(t, { guestId }, 'hello', ip)),
          );
          answers.push(...batch.map(label));
        }
        const opened =
          (await t.db.selectFrom('chat_conversations').select('id').execute()).length -
          before.length;
        console.log(
          `T10 chat inbox [${t.dialect}] ${FLOOD} guest ids, one address: ${JSON.stringify(tally(answers))}, ${opened} conversations opened`,
        );
        const limit = chat.guestConversationsPerIpPerHour;
        expect(tally(answers)).toEqual({ '200': limit, '429 REQUEST_LIMIT': FLOOD - limit });
        expect(opened).toBe(limit);
        // A visitor who has a conversation keeps talking (not counted again).
        const talking = guests[answers.indexOf('200')]!;
        expect(label(await sendText(t, { guestId: talking }, 'still here', ip))).toBe('200');

        // The inbox: the address's visitors are one row; another address and a member are theirs.
        expect(
          label(await sendText(t, { guestId: mintGuestId(chat.guestSecret) }, 'hi', nextIp())),
        ).toBe('200');
        const m = await newMember(t);
        expect(label(await sendText(t, { token: m.token }, 'hi', ip))).toBe('200');
        const agent = await t.operatorTokenAs('support');
        type Row = { id: string; member: unknown; addressGroup?: string; sameAddress?: number };
        const list = await t.call(
          'GET',
          '/api/operator/chat/conversations?view=all&status=open&pageSize=100',
          {
            token: agent,
          },
        );
        const rows = list.json<{ rows: Row[]; total: number }>().rows;
        const flood = rows.filter((r) => r.sameAddress === limit);
        console.log(
          `T10 chat inbox [${t.dialect}] rows: ${rows.length} (the flood: ${flood.length} row of ${limit}); total ${list.json<{ total: number }>().total}`,
        );
        expect(flood).toHaveLength(1);
        expect(rows.some((r) => r.member !== null && r.addressGroup === undefined)).toBe(true);
        expect(rows.some((r) => r.member === null && r.sameAddress === 1)).toBe(true);
        // The group's conversations, each on its row.
        const group = await t.call(
          'GET',
          `/api/operator/chat/conversations?view=all&status=open&pageSize=100&address=${flood[0]!.addressGroup}`,
          { token: agent },
        );
        const groupRows = group.json<{ rows: Row[]; total: number }>();
        expect(groupRows.total).toBe(limit);
        expect(groupRows.rows.every((r) => r.addressGroup === flood[0]!.addressGroup)).toBe(true);
        // The next hour the address may open conversations again.
        t.clock.advance(HOUR_MS + MINUTE_MS);
        expect(label(await sendText(t, { guestId: guests[FLOOD - 1]! }, 'later', ip))).toBe('200');
      },
    );

    it('unsent uploads are removed after an hour, not a day', async () => {
      const t = get();
      const guestId = mintGuestId(chat.guestSecret);
      const png = await imageFile('png');
      const path = (await upload(t, { guestId }, png, nextIp(), 'image')).json<{ path: string }>()
        .path;
      const row = await t.db
        .selectFrom('chat_files')
        .selectAll()
        .where('id', '=', path.slice('chatfile:'.length))
        .executeTakeFirstOrThrow();
      const present = () => [row.store_key, row.thumb_store_key!].map((k) => t.files.files.has(k));
      t.clock.advance(chat.unsentGraceMs - MINUTE_MS);
      await housekeeping(t.app.deps);
      expect(present()).toEqual([true, true]);
      t.clock.advance(2 * MINUTE_MS);
      const swept = await housekeeping(t.app.deps);
      console.log(
        `T10 chat unsent upload [${t.dialect}]: at ${chat.unsentGraceMs / MINUTE_MS + 1} min, file and thumbnail stored: ${present().join(', ')} (rows swept ${swept.unsentChatFiles})`,
      );
      expect(present()).toEqual([false, false]);
    });
  },
  { chat },
);

forEachDialect(
  'T10 chat store cap',
  (get) => {
    it(
      'customers are refused once the store would pass its cap; agents are not',
      { timeout: 120_000 },
      async () => {
        const t = get();
        const answers: string[] = [];
        for (let i = 0; i < 3; i++) {
          const m = await newMember(t);
          answers.push(label(await upload(t, { token: m.token }, video(12), nextIp())));
        }
        const all = await t.db.selectFrom('chat_files').select(['bytes', 'thumb_bytes']).execute();
        const total = all.reduce((s, r) => s + r.bytes + (r.thumb_bytes ?? 0), 0);
        console.log(
          `T10 chat store cap 30 MB [${t.dialect}] 12 MB x3: ${answers.join(' ')} -> ${(total / MB).toFixed(1)} MB stored`,
        );
        expect(answers).toEqual(['200', '200', '429 REQUEST_LIMIT']);
        expect(total).toBeLessThanOrEqual(30 * MB);
        // No wait is promised: room comes back only when housekeeping removes files.
        const m = await newMember(t);
        const refused = await upload(t, { token: m.token }, video(7), nextIp());
        expect(refused.json()).toEqual({ message: 'REQUEST_LIMIT' });
        // An agent's attachment still goes through.
        const body = multipartBody([
          { name: 'file', filename: 'clip.mp4', contentType: 'video/mp4', data: video(12) },
        ]);
        const agent = await t.app.inject({
          method: 'POST',
          url: '/api/operator/chat/upload',
          headers: {
            'x-wallet-user': 'member',
            'content-type': body.contentType,
            authorization: `Bearer ${await t.operatorTokenAs('support')}`,
          },
          payload: body.payload,
        });
        expect(agent.statusCode).toBe(200);
      },
    );
  },
  { chat: { ...chat, storeMaxBytes: 30 * MB } },
);
