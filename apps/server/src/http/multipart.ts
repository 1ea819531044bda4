// Reads the one file of a multipart upload (contract endpoints with `multipart: true`)
// into memory, with the size cap enforced on the server before the body is read: a
// declared Content-Length over the cap is refused without reading a byte, and the stream
// itself stops at the cap. Everything a client can get wrong is a result, never a throw,
// so the module decides which catalogue code it answers.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export interface UploadOptions {
  /** The multipart field that carries the file. */
  field: string;
  /** The size cap in bytes (read per request: it may be an operator setting). */
  maxBytes: () => Promise<number>;
  /**
   * Runs before a byte of the body is read, and may throw (a DomainError): who may upload
   * and how often (the chat's public uploads, decision 0099), so a refused caller costs
   * nothing.
   */
  admit?: (request: FastifyRequest) => Promise<void>;
}

/**
 * - file: exactly one file in `field`;
 * - none: not multipart, or no file in `field` (files under other names are ignored);
 * - too_large: over the cap (declared or streamed);
 * - too_many: more files, fields or parts than an upload needs;
 * - malformed: a broken multipart body.
 */
export type Upload =
  | {
      kind: 'file';
      filename: string;
      mimetype: string;
      data: Buffer;
      sha256: string;
    }
  | { kind: 'none' | 'too_large' | 'too_many' | 'malformed' };

/** Boundaries and part headers around the file (the declared-length check allows for them). */
const MULTIPART_OVERHEAD = 16 * 1024;

const limitCodes = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/** Hard limits of every multipart request (app.ts registers the plugin with them). */
export const multipartLimits = {
  files: 1,
  fields: 4,
  parts: 5,
  fieldNameSize: 100,
  fieldSize: 1024,
  headerPairs: 20,
} as const;

export async function readUpload(request: FastifyRequest, options: UploadOptions): Promise<Upload> {
  await options.admit?.(request);
  if (!request.isMultipart()) return { kind: 'none' };
  const maxBytes = await options.maxBytes();
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD)
    return { kind: 'too_large' };
  let found: Upload | undefined;
  try {
    // The plugin is registered with throwFileSizeLimit (app.ts): over the cap throws.
    const parts = request.parts({ limits: { ...multipartLimits, fileSize: maxBytes } });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== options.field || found) {
        // Not ours: consume it so the parser moves on, keep nothing.
        part.file.resume();
        continue;
      }
      const data = await part.toBuffer();
      found = {
        kind: 'file',
        filename: part.filename,
        mimetype: part.mimetype,
        data,
        sha256: createHash('sha256').update(data).digest('hex'),
      };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') return { kind: 'too_large' };
    if (code && limitCodes.has(code)) return { kind: 'too_many' };
    return { kind: 'malformed' };
  }
  return found ?? { kind: 'none' };
}

/** What an upload adds to the idempotency fingerprint. */
export const uploadFingerprint = (upload: Upload): string =>
  upload.kind === 'file' ? `file:${upload.sha256}` : upload.kind;
