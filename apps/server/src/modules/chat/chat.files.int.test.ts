import { randomUUID } from 'node:crypto';
import type { ChatMediaPayload, ChatMessage } from '@wallet/contract';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import {
  animatedGif,
  HOSTILE_FILES,
  imageFile,
  polyglotJpeg,
  videoFile,
} from '../../../test/chat-file-support';
import type { TestApp } from '../../../test/helpers';
import { forEachDialect, uniquePhone } from '../../../test/helpers';
import { multipartBody } from '../../../test/slip-support';
import { housekeeping } from '../../jobs/housekeeping';
import { MINUTE_MS } from '../../lib/clock';
import { mintGuestId } from '../../lib/guest-id';
import { setSetting } from '../settings';
import { signLink } from '../../lib/signed-link';
import type { ChatFileOwner } from './chat.files';
import { signedChatFileUrl } from './chat.files';
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES, THUMB_SIDE } from './chat.media';

type Who = { token: string } | { guestId: string } | Record<string, never>;

let address = 0;
/** A fresh client address per call: the per-address limit is not what these tests look at. */
const nextIp = () => `10.9.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

function send(
  t: TestApp,
  kind: 'image' | 'video',
  who: Who,
  data: Buffer,
  filename = kind === 'image' ? 'photo.png' : 'clip.mp4',
  contentType = kind === 'image' ? 'image/png' : 'video/mp4',
): Promise<LightMyRequestResponse> {
  const body = multipartBody([{ name: 'file', filename, contentType, data }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/chat/upload-${kind}`,
    remoteAddress: nextIp(),
    headers: {
      'x-wallet-user': 'member',
      'content-type': body.contentType,
      ...('token' in who ? { authorization: `Bearer ${who.token}` } : {}),
      ...('guestId' in who ? { 'x-chat-guest': who.guestId } : {}),
    },
    payload: body.payload,
  });
}

const idOf = (path: string) => path.slice('chatfile:'.length);

async function rowOf(t: TestApp, path: string) {
  return t.db
    .selectFrom('chat_files')
    .selectAll()
    .where('id', '=', idOf(path))
    .executeTakeFirstOrThrow();
}

async function member(t: TestApp): Promise<{ token: string; owner: ChatFileOwner }> {
  const token = await t.registerMember({ username: uniquePhone() });
  const memberNo = await t.memberNo(token);
  const { id: memberId } = await t.db
    .selectFrom('members')
    .select('id')
    .where('member_no', '=', memberNo)
    .executeTakeFirstOrThrow();
  return { token, owner: { kind: 'member', memberId } };
}

const guest = (t: TestApp) => {
  const guestId = mintGuestId(t.config.chat.guestSecret);
  return { guestId, owner: { kind: 'guest', guestId } as ChatFileOwner };
};

/** POST /api/chat/send-message as the widget sends it. */
const sendMessage = (t: TestApp, who: Who, message: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/chat/send-message',
    headers: {
      'x-wallet-user': 'member',
      ...('token' in who ? { authorization: `Bearer ${who.token}` } : {}),
    },
    payload: {
      conversation: {
        clientMessageId: randomUUID(),
        sender: 'customer',
        message,
        userId: null,
        guestId: 'guestId' in who ? who.guestId : null,
        username: null,
        name: null,
        deviceToken: null,
        session_id: null,
      },
    },
  });

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

forEachDialect('chat attachments (decision 0099)', (getApp) => {
  beforeAll(async () => {
    const t = getApp();
    await setSetting(t.db, t.clock, 'enableChatWidget', true);
  });

  it('takes each accepted kind from a member, stored under its kind, images with a thumbnail', async () => {
    const t = getApp();
    const { token, owner } = await member(t);
    const cases = [
      ['image', await imageFile('png'), 'png', 'image/png'],
      ['image', await imageFile('jpg'), 'jpg', 'image/jpeg'],
      ['image', await animatedGif(3), 'gif', 'image/gif'],
      ['video', videoFile('isom'), 'mp4', 'video/mp4'],
      ['video', videoFile('qt  '), 'mov', 'video/quicktime'],
    ] as const;
    for (const [type, data, kind, contentType] of cases) {
      const res = await send(t, type, { token }, data);
      expect(res.statusCode, kind).toBe(200);
      const { path } = res.json<{ path: string }>();
      expect(path).toMatch(/^chatfile:[0-9a-f]{32}$/);
      const row = await rowOf(t, path);
      expect(row).toMatchObject({
        owner_key: `member:${(owner as { memberId: number }).memberId}`,
        kind,
        file_type: type,
        message_id: null,
      });
      expect(t.files.files.has(row.store_key)).toBe(true);
      expect(row.thumb_store_key !== null).toBe(type === 'image');
      if (type === 'video') expect(t.files.files.get(row.store_key)).toEqual(data);

      const url = await signedChatFileUrl(t.app.deps, path, owner);
      const served = await get(t, url!);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(contentType);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['referrer-policy']).toBe('no-referrer');
      expect(served.headers['content-disposition']).toMatch(/^inline; filename="[0-9a-f]{32}\./);
    }
  });

  it('takes a visitor by their signed guest id; refuses no identity and a forged one', async () => {
    const t = getApp();
    const { guestId } = guest(t);
    const ok = await send(t, 'image', { guestId }, await imageFile('png'));
    expect(ok.statusCode).toBe(200);
    expect((await rowOf(t, ok.json<{ path: string }>().path)).owner_key).toBe(`guest:${guestId}`);

    const png = await imageFile('png');
    const none = await send(t, 'image', {}, png);
    expect([none.statusCode, none.json()]).toEqual([401, { message: 'UNAUTHORIZED' }]);
    const forged = `${guestId.slice(0, -3)}AAA`;
    const refused = await send(t, 'image', { guestId: forged }, png);
    expect([refused.statusCode, refused.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    const expiredToken = await send(t, 'image', { token: 'not-a-session' }, png);
    expect(expiredToken.statusCode).toBe(401);
  });

  it('refuses a renamed exe, svg or html, and a file the endpoint does not take', async () => {
    const t = getApp();
    const { token } = await member(t);
    for (const [name, data] of Object.entries(HOSTILE_FILES)) {
      const type = name.includes('mp4') ? 'video' : 'image';
      const res = await send(t, type, { token }, data);
      expect([name, res.statusCode, res.json()]).toEqual([name, 400, { message: 'KEY_INVALID' }]);
    }
    const videoAsImage = await send(t, 'image', { token }, videoFile(), 'clip.png', 'image/png');
    expect(videoAsImage.json()).toEqual({ message: 'KEY_INVALID' });
    const imageAsVideo = await send(t, 'video', { token }, await imageFile('jpg'));
    expect(imageAsVideo.json()).toEqual({ message: 'KEY_INVALID' });
    const other = multipartBody([{ name: 'other', data: 'x' }]);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/chat/upload-image',
      remoteAddress: nextIp(),
      headers: {
        'x-wallet-user': 'member',
        authorization: `Bearer ${token}`,
        'content-type': other.contentType,
      },
      payload: other.payload,
    });
    expect([empty.statusCode, empty.json()]).toEqual([400, { message: 'KEY_MISSING' }]);
  });

  it('refuses an image over 10 MB and a video over 20 MB (413), takes a 12 MB video', async () => {
    const t = getApp();
    const { token } = await member(t);
    const bigImage = Buffer.concat([await imageFile('jpg'), Buffer.alloc(MAX_IMAGE_BYTES)]);
    const image = await send(t, 'image', { token }, bigImage);
    expect([image.statusCode, image.json()]).toEqual([413, { message: 'KEY_INVALID' }]);
    const bigVideo = videoFile('isom', MAX_VIDEO_BYTES);
    const video = await send(t, 'video', { token }, bigVideo);
    expect([video.statusCode, video.json()]).toEqual([413, { message: 'KEY_INVALID' }]);
    const twelve = await send(t, 'video', { token }, videoFile('isom', 12 * 1024 * 1024));
    expect(twelve.statusCode).toBe(200);
  });

  it('stores a polyglot JPEG re-encoded, and a thumbnail within 320 px', async () => {
    const t = getApp();
    const { token } = await member(t);
    const polyglot = await polyglotJpeg(1200, 800);
    const res = await send(t, 'image', { token }, polyglot, 'x.jpg', 'image/jpeg');
    const row = await rowOf(t, res.json<{ path: string }>().path);
    const stored = t.files.files.get(row.store_key)!;
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
    expect(stored.includes(Buffer.from('SecretPhone'))).toBe(false);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(row.bytes).toBe(stored.length);
    const thumb = await sharp(t.files.files.get(row.thumb_store_key!)!).metadata();
    // Orientation 6: the 1200 x 800 photo stands upright.
    expect([thumb.width, thumb.height]).toEqual([213, THUMB_SIDE]);
  });

  it('serves a signed link until it expires; a forged, moved or slip link is refused', async () => {
    const t = getApp();
    const { token, owner } = await member(t);
    const { path } = (await send(t, 'video', { token }, videoFile())).json<{ path: string }>();
    const url = (await signedChatFileUrl(t.app.deps, path, owner))!;
    expect(url).toMatch(/^\/static\/chat\/[0-9a-f]{32}\?expires=\d+&viewer=member%3A\d+&sig=/);
    expect((await get(t, url)).statusCode).toBe(200);

    // A range (a phone's video player asks for pieces).
    const range = await get(t, url, { range: 'bytes=0-15' });
    expect([range.statusCode, range.headers['content-range']]).toEqual([
      206,
      `bytes 0-15/${videoFile().length}`,
    ]);
    expect(range.rawPayload).toEqual(videoFile().subarray(0, 16));
    expect((await get(t, url, { range: 'bytes=99999-' })).statusCode).toBe(416);

    const forged = url.replace(/sig=[^&]+/, `sig=${'A'.repeat(43)}`);
    expect([(await get(t, forged)).statusCode, (await get(t, forged)).json()]).toEqual([
      403,
      { message: 'UNAUTHORIZED' },
    ]);
    const other = (await send(t, 'video', { token }, videoFile())).json<{ path: string }>();
    const moved = url.replace(idOf(path), idOf(other.path));
    expect((await get(t, moved)).json()).toEqual({ message: 'UNAUTHORIZED' });
    const asThumb = url.replace(idOf(path), `${idOf(path)}-thumb`);
    expect((await get(t, asThumb)).json()).toEqual({ message: 'UNAUTHORIZED' });
    const viewerSwapped = url.replace(/viewer=member%3A\d+/, 'viewer=operator%3A1');
    expect((await get(t, viewerSwapped)).json()).toEqual({ message: 'UNAUTHORIZED' });
    // A slip link signed with the same key for the same name is not a chat link.
    const slipKind = { purpose: 'slip-image', base: '/static/chat', viewer: /^member:\d+$/ };
    const slip = signLink(slipKind, t.config.slips.linkSecret, idOf(path), t.clock.now(), 600);
    expect((await get(t, slip)).statusCode).toBe(403);
    // No thumbnail for a video.
    expect(await signedChatFileUrl(t.app.deps, path, owner, true)).toBeUndefined();

    t.clock.advance(t.config.chat.fileLinkTtlSeconds * 1000 + 1000);
    const expired = await get(t, url);
    expect([expired.statusCode, expired.json()]).toEqual([403, { message: 'EXPIRED_AUTH_TOKEN' }]);
    expect((await get(t, (await signedChatFileUrl(t.app.deps, path, owner))!)).statusCode).toBe(
      200,
    );
  });

  it('serves a thumbnail by its own link; a visitor is named only as guest', async () => {
    const t = getApp();
    const { guestId, owner } = guest(t);
    const { path } = (await send(t, 'image', { guestId }, await imageFile('jpg', 800, 600))).json<{
      path: string;
    }>();
    const url = (await signedChatFileUrl(t.app.deps, path, owner, true))!;
    expect(url).toContain('-thumb?');
    expect(url).toContain('viewer=guest&');
    expect(url).not.toContain(guestId);
    const served = await get(t, url);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: THUMB_SIDE });
  });

  it("a media message names the sender's own upload; history answers signed links for its caller", async () => {
    const t = getApp();
    const a = await member(t);
    const b = await member(t);
    const g = guest(t);
    const png = await imageFile('png', 640, 480);
    const mine = (await send(t, 'image', { token: a.token }, png)).json<{ path: string }>().path;
    const guests = (await send(t, 'image', { guestId: g.guestId }, png)).json<{ path: string }>()
      .path;
    const media = (filePath: string) => ({
      message_type: 'media',
      payload: { message: 'photo.png', url: false, fileType: 'image', filePath },
    });
    expect((await sendMessage(t, { token: b.token }, media(mine))).statusCode).toBe(404);
    expect((await sendMessage(t, { guestId: g.guestId }, media(mine))).statusCode).toBe(404);
    expect((await sendMessage(t, { token: a.token }, media(guests))).statusCode).toBe(404);
    expect((await sendMessage(t, { guestId: guest(t).guestId }, media(guests))).statusCode).toBe(
      404,
    );
    expect((await sendMessage(t, { token: a.token }, media(mine))).statusCode).toBe(200);
    expect((await sendMessage(t, { guestId: g.guestId }, media(guests))).statusCode).toBe(200);

    for (const [who, viewer] of [
      [{ token: a.token }, /viewer=member%3A\d+&/],
      [{ guestId: g.guestId }, /viewer=guest&/],
    ] as const) {
      const [shown] = (
        await t.app.inject({
          method: 'POST',
          url: '/api/chat/history',
          headers: {
            'x-wallet-user': 'member',
            ...('token' in who ? { authorization: `Bearer ${who.token}` } : {}),
          },
          payload: {
            userId: null,
            guestId: 'guestId' in who ? who.guestId : null,
            limit: 1,
            skip: 0,
          },
        })
      ).json<ChatMessage[]>();
      const payload = shown!.message.payload as ChatMediaPayload;
      expect(payload).toMatchObject({ message: 'photo.png', url: true, fileType: 'image' });
      expect(payload.filePath).toMatch(viewer);
      expect(payload.thumbPath).toMatch(/^\/static\/chat\/[0-9a-f]{32}-thumb\?/);
      expect((await get(t, payload.filePath)).headers['content-type']).toBe('image/png');
      const thumb = await get(t, payload.thumbPath!);
      expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: THUMB_SIDE });
    }
  });

  it('limits uploads per caller per minute (T10): 429 REQUEST_LIMIT, others unaffected', async () => {
    const t = getApp();
    const { token } = await member(t);
    const png = await imageFile('png', 8, 8);
    const max = t.config.chat.uploadsPerMin;
    for (let i = 0; i < max; i++)
      expect((await send(t, 'image', { token }, png)).statusCode).toBe(200);
    const refused = await send(t, 'image', { token }, png);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: 'REQUEST_LIMIT' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Videos count too; another member and a visitor are not affected.
    expect((await send(t, 'video', { token }, videoFile())).statusCode).toBe(429);
    expect((await send(t, 'image', { token: (await member(t)).token }, png)).statusCode).toBe(200);
    expect((await send(t, 'image', { guestId: guest(t).guestId }, png)).statusCode).toBe(200);
    t.clock.advance(MINUTE_MS);
    expect((await send(t, 'image', { token }, png)).statusCode).toBe(200);
  });

  // Last: it moves the clock on by the grace (an hour: decision 0121).
  it('sweeps uploads never sent after the grace (rows, files and thumbnails); keeps sent ones', async () => {
    const t = getApp();
    const { token } = await member(t);
    const png = await imageFile('png');
    const unsent = (await send(t, 'image', { token }, png)).json<{ path: string }>().path;
    const sent = (await send(t, 'image', { token }, png)).json<{ path: string }>().path;
    const [unsentRow, sentRow] = [await rowOf(t, unsent), await rowOf(t, sent)];
    const message = (
      await sendMessage(
        t,
        { token },
        {
          message_type: 'media',
          payload: { message: 'photo.png', url: false, fileType: 'image', filePath: sent },
        },
      )
    ).json<{ _id: string }>();

    const stored = () =>
      [
        unsentRow.store_key,
        unsentRow.thumb_store_key!,
        sentRow.store_key,
        sentRow.thumb_store_key!,
      ].map((key) => t.files.files.has(key));
    t.clock.advance(t.config.chat.unsentGraceMs - MINUTE_MS);
    // Earlier tests' uploads are past the grace by now; these two are not.
    await housekeeping(t.app.deps);
    expect(stored()).toEqual([true, true, true, true]);

    t.clock.advance(2 * MINUTE_MS);
    const swept = await housekeeping(t.app.deps);
    expect(swept.unsentChatFiles).toBeGreaterThanOrEqual(1);
    expect(stored()).toEqual([false, false, true, true]);
    expect(
      await t.db.selectFrom('chat_files').where('id', '=', idOf(unsent)).select('id').execute(),
    ).toEqual([]);
    expect(String((await rowOf(t, sent)).message_id)).toBe(message._id);
  });
});
