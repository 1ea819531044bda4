// The chat's attachment rule (spec sections 5 and 9; issue 27): what the member widget's
// paperclip and the console's composer accept, one rule for both. png, jpeg, jpg and gif are
// images up to 10 MB; mp4 and quicktime (.mov, .qt) are videos up to 20 MB. The name must have
// a known extension; when the browser names a MIME type, it must be a known one of the same
// kind (a browser without one, as some do for .mov, leaves the extension to decide). An empty
// file is refused. The server reads the bytes again (chat.media.ts) with the same caps.
// Zod-free (exported from `@wallet/contract/client`).
import { limits } from './constants';

export type ChatAttachmentKind = 'image' | 'video';

/** The largest file of each kind, in bytes. */
export const chatAttachmentMaxBytes: Readonly<Record<ChatAttachmentKind, number>> = {
  image: limits.chatImageMaxBytes,
  video: limits.chatVideoMaxBytes,
};

const MB = 1024 * 1024;

const byExtension: Readonly<Record<string, ChatAttachmentKind>> = {
  png: 'image',
  jpeg: 'image',
  jpg: 'image',
  gif: 'image',
  mp4: 'video',
  mov: 'video',
  qt: 'video',
};
const byMime: Readonly<Record<string, ChatAttachmentKind>> = {
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/jpg': 'image',
  'image/gif': 'image',
  'video/mp4': 'video',
  'video/quicktime': 'video',
};

/** A file input's `accept`: the MIME types and the extensions. */
export const chatAttachmentAccept = [
  ...Object.keys(byMime),
  ...Object.keys(byExtension).map((extension) => `.${extension}`),
].join(',');

export type ChatAttachmentCheck =
  | { ok: true; kind: ChatAttachmentKind }
  | { ok: false; error: 'notSupported' }
  | { ok: false; error: 'tooLarge'; limitMb: number };

/** Whether the chat takes this file, and as which kind. */
export function checkChatAttachment(file: {
  name: string;
  type: string;
  size: number;
}): ChatAttachmentCheck {
  const dot = file.name.lastIndexOf('.');
  const extension = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  const kind = byExtension[extension];
  if (!kind) return { ok: false, error: 'notSupported' };
  const mime = (file.type.split(';')[0] ?? '').trim().toLowerCase();
  if (mime && byMime[mime] !== kind) return { ok: false, error: 'notSupported' };
  if (!(file.size > 0)) return { ok: false, error: 'notSupported' };
  const max = chatAttachmentMaxBytes[kind];
  if (file.size > max) return { ok: false, error: 'tooLarge', limitMb: max / MB };
  return { ok: true, kind };
}
