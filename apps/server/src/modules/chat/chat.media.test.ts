import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  animatedGif,
  HOSTILE_FILES,
  HTML_PAGE,
  imageFile,
  isoBox,
  polyglotJpeg,
  polyglotPng,
  videoFile,
} from '../../../test/chat-file-support';
import { ImageRefused, MAX_SIDE, reencodeImage, sniffChatFile, THUMB_SIDE } from './chat.media';

const contains = (data: Buffer, text: string) => data.includes(Buffer.from(text, 'latin1'));

describe('sniffChatFile: the kind comes from the bytes (decision 0099)', () => {
  it('knows each accepted kind', async () => {
    expect(sniffChatFile(await imageFile('png'))).toBe('png');
    expect(sniffChatFile(await imageFile('jpg'))).toBe('jpg');
    expect(sniffChatFile(await imageFile('gif'))).toBe('gif');
    expect(sniffChatFile(videoFile('isom'))).toBe('mp4');
    expect(sniffChatFile(videoFile('mp42'))).toBe('mp4');
    expect(sniffChatFile(videoFile('qt  '))).toBe('mov');
  });

  it.each(Object.entries(HOSTILE_FILES))('refuses %s', (_name, data) => {
    expect(sniffChatFile(data)).toBeUndefined();
  });

  it('refuses a box running past the end, and a 64-bit box size larger than the file', () => {
    const video = videoFile();
    expect(sniffChatFile(video.subarray(0, video.length - 1))).toBeUndefined();
    const big = Buffer.alloc(16);
    big.writeUInt32BE(1, 0);
    big.write('mdat', 4, 'latin1');
    big.writeBigUInt64BE(1n << 40n, 8);
    expect(sniffChatFile(Buffer.concat([videoFile(), big]))).toBeUndefined();
    // The same box with its true 64-bit size is fine.
    big.writeBigUInt64BE(16n, 8);
    expect(sniffChatFile(Buffer.concat([videoFile(), big]))).toBe('mp4');
    expect(sniffChatFile(Buffer.concat([videoFile(), isoBox('fre\u0001')]))).toBeUndefined();
  });
});

describe('reencodeImage', () => {
  it('writes a polyglot JPEG anew: upright, no EXIF, no comment, nothing after its end', async () => {
    const input = await polyglotJpeg(40, 20);
    expect(contains(input, '<script>')).toBe(true);
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const out = await reencodeImage(input, 'jpg');
    for (const text of ['<script>', 'onerror', 'SecretPhone', '<html'])
      expect(contains(out.data, text)).toBe(false);
    const meta = await sharp(out.data).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(meta.exif).toBeUndefined();
    expect(meta.comments).toBeUndefined();
    // The file ends at its end-of-image marker.
    expect(out.data.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    expect(out.thumb.kind).toBe('jpg');
  });

  it('writes a polyglot PNG anew: no text chunks, nothing after IEND', async () => {
    const input = await polyglotPng();
    const out = await reencodeImage(input, 'png');
    expect(contains(out.data, HTML_PAGE.slice(0, 20))).toBe(false);
    expect(contains(out.data, 'tEXt')).toBe(false);
    expect(contains(out.data, 'PK')).toBe(false);
    expect(out.data.subarray(-8, -4).toString('latin1')).toBe('IEND');
    expect(await sharp(out.data).metadata()).toMatchObject({
      format: 'png',
      width: 64,
      height: 48,
    });
  });

  it('keeps a GIF animated (frames, delays) and gives it a still PNG thumbnail', async () => {
    const out = await reencodeImage(await animatedGif(4), 'gif');
    const meta = await sharp(out.data, { animated: true }).metadata();
    expect(meta).toMatchObject({ format: 'gif', pages: 4, width: 40, pageHeight: 30 });
    expect(meta.delay).toEqual([100, 100, 100, 100]);
    expect(await sharp(out.thumb.data).metadata()).toMatchObject({
      format: 'png',
      width: 40,
      height: 30,
    });
  });

  it(`makes a thumbnail within ${THUMB_SIDE} px and scales a large image to ${MAX_SIDE} px`, async () => {
    const out = await reencodeImage(await imageFile('jpg', 3000, 1000), 'jpg');
    expect([out.width, out.height]).toEqual([MAX_SIDE, 683]);
    expect(await sharp(out.thumb.data).metadata()).toMatchObject({
      width: THUMB_SIDE,
      height: 106,
    });
    const small = await reencodeImage(await imageFile('png', 100, 60), 'png');
    expect(await sharp(small.thumb.data).metadata()).toMatchObject({ width: 100, height: 60 });
  });

  it('refuses a broken image, one of another kind, and a pixel flood', async () => {
    const jpg = await imageFile('jpg');
    await expect(reencodeImage(jpg.subarray(0, 200), 'jpg')).rejects.toBeInstanceOf(ImageRefused);
    await expect(reencodeImage(await imageFile('png'), 'jpg')).rejects.toBeInstanceOf(ImageRefused);
    // 6,000 x 5,000 of one colour: a few kilobytes that would decode to 30 MP.
    const flood = await sharp({
      create: { width: 6000, height: 5000, channels: 3, background: '#fff' },
    })
      .png()
      .toBuffer();
    expect(flood.length).toBeLessThan(200_000);
    await expect(reencodeImage(flood, 'png')).rejects.toBeInstanceOf(ImageRefused);
  });
});
