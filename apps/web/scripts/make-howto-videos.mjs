// Regenerates the placeholder how-to videos (public/howto/*.webm) from their posters: a
// short animated clip recorded in Chromium with MediaRecorder, so the repository needs no
// video tools and the app no external URLs. Usage: node apps/web/scripts/make-howto-videos.mjs
/* global document, Image, MediaRecorder, performance, requestAnimationFrame, Blob, btoa -- used inside page.evaluate, in the browser */
import { Buffer } from 'node:buffer';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'howto');
const ids = ['wallet', 'enter-game', 'check-balance', 'receive-bonus', 'end-bonus'];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  await page.setContent('<canvas width="320" height="180"></canvas>');
  for (const id of ids) {
    const poster = readFileSync(join(dir, `${id}.svg`), 'utf8');
    const base64 = await page.evaluate(async (svg) => {
      const canvas = document.querySelector('canvas');
      const ctx = canvas.getContext('2d');
      const img = new Image();
      img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
      await img.decode();
      const stream = canvas.captureStream(15);
      const recorder = new MediaRecorder(stream, {
        mimeType: 'video/webm;codecs=vp8',
        videoBitsPerSecond: 120_000,
      });
      const parts = [];
      recorder.ondataavailable = (event) => parts.push(event.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      const durationMs = 4000;
      const start = performance.now();
      recorder.start();
      await new Promise((resolve) => {
        const frame = () => {
          const t = Math.min(1, (performance.now() - start) / durationMs);
          ctx.drawImage(img, 0, 0, 320, 180);
          // A pulse around the icon and a progress bar, so the clip visibly plays.
          ctx.strokeStyle = `rgba(245, 196, 81, ${0.6 * (1 - ((t * 3) % 1))})`;
          ctx.lineWidth = 4;
          ctx.beginPath();
          ctx.arc(160, 92, 60 + 30 * ((t * 3) % 1), 0, Math.PI * 2);
          ctx.stroke();
          ctx.fillStyle = 'rgba(0, 0, 0, 0.35)';
          ctx.fillRect(0, 172, 320, 8);
          ctx.fillStyle = '#f5c451';
          ctx.fillRect(0, 172, 320 * t, 8);
          for (let step = 0; step < 3; step += 1) {
            ctx.fillStyle = t * 3 > step ? '#f5c451' : 'rgba(255,255,255,0.3)';
            ctx.beginPath();
            ctx.arc(136 + step * 24, 156, 6, 0, Math.PI * 2);
            ctx.fill();
          }
          if (t < 1) requestAnimationFrame(frame);
          else resolve();
        };
        frame();
      });
      recorder.stop();
      await stopped;
      const blob = new Blob(parts, { type: 'video/webm' });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    }, poster);
    const file = join(dir, `${id}.webm`);
    writeFileSync(file, Buffer.from(base64, 'base64'));
    console.log(`${file} ${Buffer.from(base64, 'base64').length} bytes`);
  }
} finally {
  await browser.close();
}
