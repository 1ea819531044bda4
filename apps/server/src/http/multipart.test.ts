import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../test/slip-support';
import type { Upload } from './multipart';
import { multipartLimits, readUpload, uploadFingerprint } from './multipart';

const app = Fastify();
let cap = 100;
beforeAll(async () => {
  await app.register(multipart, {
    limits: { ...multipartLimits, fileSize: 1000 },
    throwFileSizeLimit: true,
  });
  app.post('/up', async (request) => {
    const upload = await readUpload(request, { field: 'file', maxBytes: async () => cap });
    return upload.kind === 'file'
      ? {
          kind: upload.kind,
          size: upload.data.length,
          name: upload.filename,
          fp: uploadFingerprint(upload),
        }
      : upload;
  });
});
afterAll(() => app.close());

const send = async (parts: Parameters<typeof multipartBody>[0], contentType?: string) => {
  const body = multipartBody(parts);
  const res = await app.inject({
    method: 'POST',
    url: '/up',
    headers: { 'content-type': contentType ?? body.contentType },
    payload: body.payload,
  });
  return res.json<Upload & { size?: number; name?: string; fp?: string }>();
};

describe('readUpload', () => {
  it('reads the one file of the field, with its digest', async () => {
    cap = 100;
    const answer = await send([{ name: 'file', filename: 'a.png', data: Buffer.alloc(10, 1) }]);
    expect(answer).toMatchObject({ kind: 'file', size: 10, name: 'a.png' });
    expect(answer.fp).toMatch(/^file:[0-9a-f]{64}$/);
  });

  it('ignores files under other names and text fields; none without the field', async () => {
    cap = 100;
    expect(await send([{ name: 'note', data: 'x' }])).toEqual({ kind: 'none' });
    expect(await send([{ name: 'image', filename: 'a.png', data: 'x' }])).toEqual({ kind: 'none' });
    expect(
      await send([
        { name: 'note', data: 'x' },
        { name: 'file', filename: 'a.png', data: 'abc' },
      ]),
    ).toMatchObject({ kind: 'file', size: 3 });
    const json = await app.inject({ method: 'POST', url: '/up', payload: { file: 'x' } });
    expect(json.json()).toEqual({ kind: 'none' });
  });

  it('stops at the cap: declared too large without reading, streamed over it while reading', async () => {
    cap = 100;
    expect(await send([{ name: 'file', filename: 'a.png', data: Buffer.alloc(101) }])).toEqual({
      kind: 'too_large',
    });
    expect(
      await send([{ name: 'file', filename: 'a.png', data: Buffer.alloc(100) }]),
    ).toMatchObject({ kind: 'file' });
    expect(await send([{ name: 'file', filename: 'a.png', data: Buffer.alloc(50_000) }])).toEqual({
      kind: 'too_large',
    });
  });

  it('refuses many files or fields, and broken bodies', async () => {
    cap = 100;
    const file = { name: 'file', filename: 'a.png', data: 'x' };
    expect(await send([file, file])).toEqual({ kind: 'too_many' });
    expect(await send(Array.from({ length: 6 }, (_, i) => ({ name: `f${i}`, data: 'x' })))).toEqual(
      { kind: 'too_many' },
    );
    // Another boundary: the parser finds no part at all.
    expect(await send([file], 'multipart/form-data; boundary=other')).toEqual({ kind: 'none' });
    const body = multipartBody([file]);
    const cut = await app.inject({
      method: 'POST',
      url: '/up',
      headers: { 'content-type': body.contentType },
      payload: body.payload.subarray(0, body.payload.length - 20),
    });
    expect(cut.json()).toEqual({ kind: 'malformed' });
  });
});
