// `npm run howto:record`: films the five how-to tasks (tasks.ts) in th, la and en on the real
// stack in Debian's Chromium at 360 px, and writes apps/web/public/howto/<locale>/<id>.mp4
// (H.264, plays in every phone browser) and <id>.jpg (poster). Frames come from the Chrome
// DevTools screencast (Page.startScreencast) with their timestamps; Debian's ffmpeg encodes
// them (apt-get install ffmpeg). Decision 0060. Options: --only wallet,check-balance
// --locales th,en
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CDPSession, Page } from 'playwright-core';
import { LOCALES, type Locale } from '../support/app.js';
import { launchBrowser } from '../support/browser.js';
import { startStack } from '../support/stack.js';
import { castMember, filmingDirector, toHome } from './director.js';
import { HOWTO_TASKS } from './tasks.js';

export const HOWTO_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/public/howto',
);
/** Output frame size: 1.5x the 360 x 740 phone, sharp text in a small file. */
const WIDTH = 540;
const FPS = 15;

function option(name: string): string[] | null {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1]!.split(',') : null;
}

interface Frame {
  data: Buffer;
  /** Seconds (the screencast's own clock). */
  at: number;
}

/** Collects screencast frames of a page until stopped. */
async function startFilming(page: Page): Promise<() => Promise<Frame[]>> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const frames: Frame[] = [];
  cdp.on('Page.screencastFrame', (event) => {
    frames.push({ data: Buffer.from(event.data, 'base64'), at: event.metadata.timestamp ?? 0 });
    void cdp.send('Page.screencastFrameAck', { sessionId: event.sessionId }).catch(() => {});
  });
  await cdp.send('Page.startScreencast', {
    format: 'jpeg',
    quality: 90,
    maxWidth: 720,
    maxHeight: 1480,
  });
  return async () => {
    // The screencast only sends a frame when the screen changes: hold the last one a moment.
    const endedAt = Date.now() / 1000;
    await cdp.send('Page.stopScreencast');
    await cdp.detach().catch(() => {});
    if (frames.length === 0) throw new Error('the screencast sent no frame');
    const last = frames[frames.length - 1]!;
    const lastAt = Math.max(last.at, endedAt - 0.05);
    frames.push({ data: last.data, at: lastAt + 0.6 });
    return frames;
  };
}

function ffmpeg(args: string[]) {
  const result = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.error) throw new Error(`ffmpeg: ${result.error.message} (apt-get install ffmpeg)`);
  if (result.status !== 0) throw new Error(`ffmpeg exited ${result.status}`);
}

/** Width x height of a baseline JPEG (its SOF0 segment). */
function jpegSize(jpg: Buffer): string {
  for (let at = 2; at + 9 < jpg.length;) {
    if (jpg[at + 1] === 0xc0) return `${jpg.readUInt16BE(at + 7)}x${jpg.readUInt16BE(at + 5)}`;
    at += 2 + jpg.readUInt16BE(at + 2);
  }
  return '?';
}

/**
 * Keeps the frames of the usual size: while a dialog closes the screencast now and then sends
 * one frame of another size, which would show as a jump.
 */
function steadyFrames(frames: Frame[]): Frame[] {
  const counts = new Map<string, number>();
  for (const frame of frames) {
    const size = jpegSize(frame.data);
    counts.set(size, (counts.get(size) ?? 0) + 1);
  }
  const usual = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  return frames.filter((frame) => jpegSize(frame.data) === usual);
}

/** Encodes timestamped frames into an MP4 and takes its poster from the middle. */
function encode(allFrames: Frame[], video: string, poster: string) {
  const frames = steadyFrames(allFrames);
  const work = mkdtempSync(path.join(os.tmpdir(), 'wallet-howto-'));
  try {
    const lines: string[] = [];
    frames.forEach((frame, i) => {
      const file = path.join(work, `${String(i).padStart(5, '0')}.jpg`);
      writeFileSync(file, frame.data);
      const next = frames[i + 1];
      lines.push(`file '${file}'`);
      if (next) lines.push(`duration ${Math.max(0.001, next.at - frame.at).toFixed(3)}`);
    });
    // The concat demuxer takes the last entry's duration from a repeated last file.
    lines.push(`file '${path.join(work, `${String(frames.length - 1).padStart(5, '0')}.jpg`)}'`);
    const list = path.join(work, 'frames.txt');
    writeFileSync(list, `${lines.join('\n')}\n`);
    ffmpeg([
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      list,
      '-vf',
      `fps=${FPS},scale=${WIDTH}:-2:flags=lanczos,format=yuv420p`,
      '-c:v',
      'libx264',
      '-preset',
      'slow',
      '-crf',
      '28',
      '-profile:v',
      'main',
      '-movflags',
      '+faststart',
      '-an',
      video,
    ]);
    const seconds = frames[frames.length - 1]!.at - frames[0]!.at;
    ffmpeg([
      '-ss',
      (seconds * 0.45).toFixed(2),
      '-i',
      video,
      '-frames:v',
      '1',
      '-vf',
      'scale=320:-2',
      '-q:v',
      '5',
      poster,
    ]);
    return seconds;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const only = option('only');
const locales = (option('locales') ?? [...LOCALES]) as Locale[];
const tasks = HOWTO_TASKS.filter((task) => !only || only.includes(task.id));

const stack = await startStack();
const browser = await launchBrowser();
try {
  for (const locale of locales) {
    const outDir = path.join(HOWTO_DIR, locale);
    mkdirSync(outDir, { recursive: true });
    const context = await browser.newContext({ timeoutMs: 20_000 });
    const page = await context.newPage();
    await castMember(stack, page, locale);
    for (const task of tasks) {
      await toHome(page, stack.appUrl);
      await page.waitForTimeout(400);
      const stop = await startFilming(page);
      await task.run(filmingDirector(page, locale));
      const frames = await stop();
      const video = path.join(outDir, `${task.id}.mp4`);
      const seconds = encode(frames, video, path.join(outDir, `${task.id}.jpg`));
      console.log(
        `${locale}/${task.id}.mp4: ${seconds.toFixed(1)} s, ${frames.length} frames, ${Math.round(statSync(video).size / 1024)} KB`,
      );
    }
    await context.close();
  }
} finally {
  await browser.close();
  await stack.stop();
}
