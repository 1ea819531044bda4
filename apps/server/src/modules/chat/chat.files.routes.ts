import { api } from '@wallet/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../http/contract-route';
import type { Upload } from '../../http/multipart';
import { DomainError } from '../../lib/domain-error';
import { secondsLeft } from '../../lib/signed-link';
import { STORED_CONTENT_TYPES } from '../../ports/file-store';
import type { ChatFileAccept, ChatFileOwner } from './chat.files';
import {
  assertUploadRoom,
  CHAT_FILE_ROUTE,
  fileForLink,
  uploadCapOf,
  uploadChatFile,
  uploaderOf,
  uploadLimiter,
} from './chat.files';

// docs/decisions/0099-chat-attachments.md: member and visitor uploads, and the signed links
// that serve every attachment.
export async function chatFileRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const charge = uploadLimiter(deps);
  // The uploader is known (and charged) before the body is read; the handler takes it here.
  const uploaders = new WeakMap<FastifyRequest, ChatFileOwner>();

  const options = (accept: ChatFileAccept) => ({
    // Per address too (a visitor can mint guest ids): a few callers' worth.
    rateLimit: { max: deps.config.chat.uploadsPerMin * 3, timeWindow: 60_000 },
    upload: {
      field: 'file',
      maxBytes: async () => uploadCapOf(accept),
      admit: async (request: FastifyRequest) => {
        const owner = await uploaderOf(deps, request);
        await charge(owner);
        // A spent byte quota or a full store is refused before the body is read (0121).
        await assertUploadRoom(deps, owner, request.ip);
        uploaders.set(request, owner);
      },
    },
  });
  const handle =
    (accept: ChatFileAccept) =>
    async ({ request, upload }: { request: FastifyRequest; upload: Upload }) => {
      const owner = uploaders.get(request);
      if (!owner) throw new DomainError('UNAUTHORIZED', 401);
      const answer = await uploadChatFile(deps, owner, upload, accept, request.ip);
      request.log.info({ event: 'chat_upload', owner: owner.kind, path: answer.path });
      return answer;
    };
  route(app, api.chat.uploadImage, options('image'), handle('image'));
  route(app, api.chat.uploadVideo, options('video'), handle('video'));

  // The signed link is the permission (decision 0099): no token, no wallet header.
  app.get<{ Params: { key: string }; Querystring: Record<string, unknown> }>(
    CHAT_FILE_ROUTE,
    async (request, reply) => {
      const served = await fileForLink(deps, request.params.key, request.query);
      if (served.kind === 'refused')
        throw served.check === 'expired'
          ? new DomainError('EXPIRED_AUTH_TOKEN', 403)
          : new DomainError('UNAUTHORIZED', 403);
      if (served.kind === 'missing') throw new DomainError('NO_DATA', 404);
      request.log.info({ event: 'chat_file_view', file: served.id, viewer: served.viewer });
      const left = secondsLeft(request.query.expires, deps.clock.now());
      reply
        .type(STORED_CONTENT_TYPES[served.type])
        .header('cache-control', `private, max-age=${Math.min(left, 300)}`)
        .header('content-disposition', `inline; filename="${served.id}.${served.type}"`)
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .header('accept-ranges', 'bytes');
      return sendRange(request, reply, served.data);
    },
  );
}

/**
 * One byte range when asked (`Range: bytes=a-b`, `a-` or `-n`): a phone's video player
 * fetches a video in pieces and will not play one served only whole. Anything else gets
 * the whole file; a range past the end gets 416.
 */
function sendRange(request: FastifyRequest, reply: FastifyReply, data: Buffer) {
  const header = request.headers.range;
  const match = typeof header === 'string' ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return reply.send(data);
  const size = data.length;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end || size === 0)
    return reply.code(416).header('content-range', `bytes */${size}`).send();
  return reply
    .code(206)
    .header('content-range', `bytes ${start}-${end}/${size}`)
    .send(data.subarray(start, end + 1));
}
