// What the paperclip accepts (spec sections 5 and 9): png, jpeg, jpg and gif up to 10 MB,
// mp4 and quicktime up to 20 MB. The name must have an extension; the type is read from the
// browser's MIME type and, when the browser has none, from the extension (the server reads
// the bytes again).

import { limits } from '@wallet/contract/client';

export type AttachmentKind = 'image' | 'video';

const MB = 1024 * 1024;
export const attachmentLimitsMb: Record<AttachmentKind, number> = {
  image: limits.chatImageMaxBytes / MB,
  video: limits.chatVideoMaxBytes / MB,
};

const byExtension: Record<string, AttachmentKind> = {
  png: 'image',
  jpeg: 'image',
  jpg: 'image',
  gif: 'image',
  mp4: 'video',
  mov: 'video',
  qt: 'video',
};
const byMime: Record<string, AttachmentKind> = {
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/jpg': 'image',
  'image/gif': 'image',
  'video/mp4': 'video',
  'video/quicktime': 'video',
};

/** The file input's `accept`. */
export const attachmentAccept = [
  ...Object.keys(byMime),
  ...Object.keys(byExtension).map((ext) => `.${ext}`),
].join(',');

export type AttachmentCheck =
  | { ok: true; kind: AttachmentKind }
  | { ok: false; error: 'notSupported' }
  | { ok: false; error: 'tooLarge'; limitMb: number };

export function checkAttachment(file: Pick<File, 'name' | 'type' | 'size'>): AttachmentCheck {
  const dot = file.name.lastIndexOf('.');
  const extension = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  if (!extension) return { ok: false, error: 'notSupported' };
  const fromName = byExtension[extension];
  const fromMime = file.type ? byMime[file.type.toLowerCase()] : undefined;
  // A known MIME type decides; without one (some browsers for .mov) the extension does.
  const kind = file.type ? fromMime : fromName;
  if (!kind || !fromName) return { ok: false, error: 'notSupported' };
  const limitMb = attachmentLimitsMb[kind];
  if (file.size <= 0 || file.size > limitMb * MB) {
    return file.size <= 0
      ? { ok: false, error: 'notSupported' }
      : { ok: false, error: 'tooLarge', limitMb };
  }
  return { ok: true, kind };
}
