// Chat attachments (decision 0099): uploads by members, visitors and agents; their rows; the
// signed short-lived links that serve them; and the sweep of files never sent.
//
// An upload answers `{ path: 'chatfile:<id>' }`, an opaque id a media message names. What
// the file is comes from its bytes (chat.media.ts); images are re-encoded and given a
// thumbnail, videos are stored as sent. Files live in the shared file store
// (deps.fileStore) beside slip images; a chat_files row names each, and its owner
// (`member:<id>`, `guest:<guest id>`, `operator:<id>`) is the only one who may send it.
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ChatMediaPayload } from '@wallet/contract';
import { CHAT_FILE_PATH_PATTERN } from '@wallet/contract';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/database';
import type { Upload } from '../../http/multipart';
import { HOUR_MS, isoNow, MINUTE_MS } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import type { Quota } from '../../ports/shared-counter';
import { quotaSpent, takeFromWindow, takeQuotas } from '../../ports/shared-counter';
import type { LinkCheck, LinkKind } from '../../lib/signed-link';
import { checkLink, signLink } from '../../lib/signed-link';
import { Semaphore, SemaphoreFullError } from '../../lib/semaphore';
import { kindOfKey } from '../../ports/file-store';
import type { StoredFileKind } from '../../ports/file-store';
import { resolveChatCaller } from './chat.identity';
import type { ChatViewer } from './chat.identity';
import type { ChatFileType, ChatImageKind } from './chat.media';
import {
  fileTypeOf,
  ImageRefused,
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  reencodeImage,
  sniffChatFile,
} from './chat.media';
import * as repo from './chat.files.repository';
import { findFile } from './chat.repository';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'fileStore' | 'counters'>;

/** Who uploads or looks at a file: a message's viewer (chat.service.ts). */
export type ChatFileOwner = ChatViewer;

/** As chat_messages.sender_key. */
export function ownerKeyOf(owner: ChatFileOwner): string {
  if (owner.kind === 'member') return `member:${owner.memberId}`;
  if (owner.kind === 'guest') return `guest:${owner.guestId}`;
  return `operator:${owner.operatorId}`;
}

/** Which files an endpoint takes: upload-image, upload-video, or the agents' one upload. */
export type ChatFileAccept = ChatFileType | 'any';

/** The size cap of an endpoint's multipart read (the kind's own cap is checked after). */
export const uploadCapOf = (accept: ChatFileAccept): number =>
  accept === 'image' ? MAX_IMAGE_BYTES : MAX_VIDEO_BYTES;

/** A visitor names their signed guest id in this header (the body is the file). */
export const GUEST_HEADER = 'x-chat-guest';

/**
 * The uploader, by the chat's one rule (resolveChatCaller, decision 0096): a member by a
 * bearer token (a bad one is refused as such), else a visitor by the guest id this server
 * signed, sent in the `x-chat-guest` header. No identity: 401 UNAUTHORIZED; a guest id we
 * did not sign: 400 KEY_INVALID.
 */
export async function uploaderOf(deps: Deps, request: FastifyRequest): Promise<ChatFileOwner> {
  const guestId = request.headers[GUEST_HEADER];
  const caller = await resolveChatCaller(
    deps,
    request.headers.authorization,
    typeof guestId === 'string' ? guestId : undefined,
  );
  return caller.kind === 'member'
    ? { kind: 'member', memberId: caller.memberId }
    : { kind: 'guest', guestId: caller.guestId };
}

const limited = (retryAfterSeconds?: number) =>
  new DomainError(
    'REQUEST_LIMIT',
    429,
    retryAfterSeconds === undefined ? undefined : { details: { retryAfterSeconds } },
  );

/**
 * Uploads per caller per minute (config chat.uploadsPerMin for a member, the smaller
 * chat.guestUploadsPerMin for a visitor: decision 0121), counted where every server process
 * sees them (deps.counters, decision 0103).
 */
export function uploadLimiter(deps: Pick<AppDeps, 'counters' | 'config'>) {
  return async (owner: ChatFileOwner): Promise<void> => {
    const { uploadsPerMin, guestUploadsPerMin } = deps.config.chat;
    const wait = await takeFromWindow(
      deps.counters,
      `chat-upload:${ownerKeyOf(owner)}`,
      owner.kind === 'guest' ? guestUploadsPerMin : uploadsPerMin,
      MINUTE_MS,
    );
    if (wait !== undefined) throw limited(wait);
  };
}

/**
 * The byte quotas a customer's upload is counted against (decision 0121), per hour: the
 * uploader's own (a visitor's smaller than a member's), the client address's for every
 * caller, and the address's for visitors together (a visitor can mint guest ids, so the
 * address is what bounds many of them). Agents' uploads have none.
 */
export function uploadQuotas(
  deps: Pick<AppDeps, 'config'>,
  owner: ChatFileOwner,
  ip: string,
): Quota[] {
  if (owner.kind === 'operator') return [];
  const bytes = deps.config.chat.uploadBytesPerHour;
  const quota = (key: string, max: number): Quota => ({
    key: `chat-upload-bytes:${key}`,
    max,
    windowMs: HOUR_MS,
  });
  const quotas = [
    quota(ownerKeyOf(owner), owner.kind === 'guest' ? bytes.guest : bytes.member),
    quota(`ip:${ip}`, bytes.ip),
  ];
  if (owner.kind === 'guest') quotas.push(quota(`guest-ip:${ip}`, bytes.guestIp));
  return quotas;
}

/**
 * Before a byte of the body is read (the multipart `admit` hook): refused when one of the
 * caller's quotas is spent already (429 REQUEST_LIMIT with the wait) or the chat store is
 * full (429 REQUEST_LIMIT, no wait: space comes back only when housekeeping removes files).
 */
export async function assertUploadRoom(
  deps: Pick<AppDeps, 'db' | 'config' | 'counters'>,
  owner: ChatFileOwner,
  ip: string,
): Promise<void> {
  for (const quota of uploadQuotas(deps, owner, ip)) {
    const wait = await quotaSpent(deps.counters, quota);
    if (wait !== undefined) throw limited(wait);
  }
  if (
    owner.kind !== 'operator' &&
    (await repo.storedBytes(deps.db)) >= deps.config.chat.storeMaxBytes
  )
    throw limited();
}

/**
 * Images re-encoded at once: sharp works on libuv's thread pool, which file reads and writes
 * share; two at a time keep it free for them. Beyond the queue, 429 REQUEST_LIMIT.
 */
const imageWork = new Semaphore(2, 50);

const fileName = (name: string): string =>
  // The client's name is only shown (the media message's `message`): no path, no controls.
  // eslint-disable-next-line no-control-regex
  (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255) || 'file';

/**
 * Checks, stores and records one upload of `owner` from client address `ip`; answers its
 * `chatfile:<id>` path.
 * - no file in `file`: 400 KEY_MISSING;
 * - over the kind's cap (10 MB an image, 20 MB a video): 413 KEY_INVALID;
 * - not a png, jpeg, gif, mp4 or quicktime by its bytes, not what the endpoint takes, or an
 *   image that does not decode: 400 KEY_INVALID;
 * - a customer's upload whose stored bytes (file and thumbnail) would pass one of its hourly
 *   byte quotas: 429 REQUEST_LIMIT with the wait; one that would pass the chat store's cap:
 *   429 REQUEST_LIMIT (decision 0121). A refused upload costs no quota and leaves no file.
 */
export async function uploadChatFile(
  deps: Deps,
  owner: ChatFileOwner,
  upload: Upload,
  accept: ChatFileAccept,
  ip = '',
): Promise<{ path: string }> {
  if (upload.kind === 'none') throw new DomainError('KEY_MISSING', 400);
  if (upload.kind === 'too_large') throw new DomainError('KEY_INVALID', 413);
  if (upload.kind !== 'file') throw new DomainError('KEY_INVALID', 400);
  const kind = sniffChatFile(upload.data);
  if (!kind) throw new DomainError('KEY_INVALID', 400);
  const fileType = fileTypeOf(kind);
  if (accept !== 'any' && accept !== fileType) throw new DomainError('KEY_INVALID', 400);
  if (upload.data.length > (fileType === 'image' ? MAX_IMAGE_BYTES : MAX_VIDEO_BYTES))
    throw new DomainError('KEY_INVALID', 413);

  let stored: { data: Buffer; kind: StoredFileKind; thumb?: { data: Buffer; kind: 'png' | 'jpg' } };
  if (fileType === 'image') {
    try {
      stored = await imageWork.run(() => reencodeImage(upload.data, kind as ChatImageKind));
    } catch (error) {
      if (error instanceof ImageRefused) throw new DomainError('KEY_INVALID', 400);
      if (error instanceof SemaphoreFullError)
        throw new DomainError('REQUEST_LIMIT', 429, { cause: error });
      throw error;
    }
  } else {
    stored = { data: upload.data, kind };
  }
  // The bytes the store keeps, counted against the quotas before anything is stored.
  const thumbBytes = stored.thumb?.data.length ?? 0;
  const bytes = stored.data.length + thumbBytes;
  const quotas = uploadQuotas(deps, owner, ip);
  const wait = quotas.length > 0 ? await takeQuotas(deps.counters, quotas, bytes) : undefined;
  if (wait !== undefined) throw limited(wait);
  const giveBack = () => takeQuotas(deps.counters, quotas, -bytes);

  const storeKey = await deps.fileStore.put(stored.data, stored.kind);
  const thumbKey = stored.thumb
    ? await deps.fileStore.put(stored.thumb.data, stored.thumb.kind)
    : null;
  const id = randomBytes(16).toString('hex');
  let recorded: boolean;
  try {
    recorded = await repo.insertFileWithin(
      deps.db,
      {
        id,
        owner_key: ownerKeyOf(owner),
        store_key: storeKey,
        thumb_store_key: thumbKey,
        kind: stored.kind,
        file_type: fileType,
        bytes: stored.data.length,
        thumb_bytes: thumbKey ? thumbBytes : null,
        original_name: fileName(upload.filename),
        message_id: null,
        created_at: isoNow(deps.clock),
      },
      // Agents' uploads are not held to the store's cap (decision 0121).
      owner.kind === 'operator' ? Number.POSITIVE_INFINITY : deps.config.chat.storeMaxBytes,
    );
  } catch (error) {
    // Nothing names them now (the orphan sweep would remove them later anyway).
    await deps.fileStore.remove(storeKey);
    if (thumbKey) await deps.fileStore.remove(thumbKey);
    await giveBack();
    throw error;
  }
  if (!recorded) {
    await deps.fileStore.remove(storeKey);
    if (thumbKey) await deps.fileStore.remove(thumbKey);
    await giveBack();
    throw limited();
  }
  return { path: `chatfile:${id}` };
}

const idOfPath = (path: string): string | undefined =>
  CHAT_FILE_PATH_PATTERN.test(path) ? path.slice('chatfile:'.length) : undefined;

// --- links ----------------------------------------------------------------------------

export const CHAT_FILE_ROUTE = '/static/chat/:key';

/**
 * The viewer a link names (the log says who looked): a member or an agent by id; a visitor
 * only as `guest` (the guest id is their credential and never goes into a URL).
 */
const CHAT_LINK: LinkKind = {
  purpose: 'chat-file',
  base: '/static/chat',
  viewer: /^(?:(?:member|operator):\d{1,12}|guest)$/,
};

const viewerName = (viewer: ChatFileOwner): string =>
  viewer.kind === 'guest' ? 'guest' : ownerKeyOf(viewer);

/** A link subject: the file's id, or `<id>-thumb` for its thumbnail. */
const SUBJECT = /^([0-9a-f]{32})(-thumb)?$/;

function linkTo(
  deps: Pick<AppDeps, 'clock' | 'config'>,
  subject: string,
  viewer: ChatFileOwner,
): string {
  return signLink(
    CHAT_LINK,
    deps.config.slips.linkSecret,
    subject,
    deps.clock.now(),
    deps.config.chat.fileLinkTtlSeconds,
    viewerName(viewer),
  );
}

/**
 * A signed link to the file (or its thumbnail) at `path` for `viewer`, valid for
 * `chat.fileLinkTtlSeconds`; undefined when there is no such file (or no thumbnail). The
 * caller decides that `viewer` may see it: history and live messages sign only the
 * messages of the viewer's own conversation (presentMessages), and the inbox only for agents.
 */
export async function signedChatFileUrl(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  path: string,
  viewer: ChatFileOwner,
  thumb = false,
): Promise<string | undefined> {
  const id = idOfPath(path);
  const row = id ? await findFile(deps.db, id) : undefined;
  if (!row || (thumb && !row.thumb_store_key)) return undefined;
  return linkTo(deps, thumb ? `${row.id}-thumb` : row.id, viewer);
}

/**
 * A stored media payload as `viewer` gets it: `filePath` (and `thumbPath` for an image) as
 * signed links, `url: true`. A payload naming no stored file is answered as stored.
 */
export async function presentMediaPayload(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  payload: ChatMediaPayload,
  viewer: ChatFileOwner,
): Promise<ChatMediaPayload> {
  const id = idOfPath(payload.filePath);
  const row = id ? await findFile(deps.db, id) : undefined;
  if (!row) return payload;
  return {
    message: payload.message,
    url: true,
    fileType: payload.fileType,
    filePath: linkTo(deps, row.id, viewer),
    ...(row.thumb_store_key ? { thumbPath: linkTo(deps, `${row.id}-thumb`, viewer) } : {}),
  };
}

export type ServedFile =
  | { kind: 'refused'; check: Exclude<LinkCheck, 'valid'> }
  | { kind: 'missing' }
  | { kind: 'file'; data: Buffer; type: StoredFileKind; id: string; viewer: string };

/** What a link (the route's `:key` and query) serves. */
export async function fileForLink(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'fileStore'>,
  key: string,
  query: { expires?: unknown; sig?: unknown; viewer?: unknown },
): Promise<ServedFile> {
  const match = SUBJECT.exec(key);
  if (!match) return { kind: 'refused', check: 'bad' };
  const check = checkLink(
    CHAT_LINK,
    deps.config.slips.linkSecret,
    key,
    query,
    deps.clock.now(),
    deps.config.chat.fileLinkTtlSeconds,
  );
  if (check !== 'valid') return { kind: 'refused', check };
  const row = await findFile(deps.db, match[1]!);
  const storeKey = match[2] ? row?.thumb_store_key : row?.store_key;
  const type = storeKey ? kindOfKey(storeKey) : undefined;
  const data = storeKey && type ? await deps.fileStore.get(storeKey) : undefined;
  if (!data || !type) return { kind: 'missing' };
  return { kind: 'file', data, type, id: key, viewer: String(query.viewer ?? '') };
}

// --- housekeeping ---------------------------------------------------------------------

const UNSENT_LIMIT = 1_000;

/**
 * Forgets up to `limit` files no message sent within the grace (config
 * chat.unsentGraceMs, an hour by default: room for a resend, not a day of free storage;
 * decision 0121): their rows go, and the store's orphan sweep (jobs/orphan-files.ts), which
 * runs next, removes the files no row names any more. Answers how many rows went.
 */
export function sweepUnsentChatFiles(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  limit = UNSENT_LIMIT,
): Promise<number> {
  const before = new Date(
    deps.clock.now().getTime() - deps.config.chat.unsentGraceMs,
  ).toISOString();
  return repo.deleteUnsentBefore(deps.db, before, limit);
}

/** Which of `keys` (store keys) a chat file names: files and thumbnails (the sweep keeps those). */
export function chatFileKeysNamed(db: Db, keys: readonly string[]): Promise<string[]> {
  return repo.storeKeysNamed(db, keys);
}
