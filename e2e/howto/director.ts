// How the how-to steps are performed: filmed (a visible touch, human typing, pauses to read)
// or checked (the same actions at full speed), and the scene around them: a fresh member with
// money in the wallet, signed in on the home screen (decision 0060).
import type { Locator, Page } from 'playwright-core';
import { registerMemberApi, type NewMember } from '../support/api.js';
import { type Locale, signIn } from '../support/app.js';
import { fundMember } from '../support/money.js';
import type { Stack } from '../support/stack.js';
import type { Director } from './tasks.js';

/** Names that look like people in the videos (profile and bank account names). */
const CAST: Record<Locale, { name: string; bankAccountName: string }> = {
  th: { name: 'Somchai Jaidee', bankAccountName: 'SOMCHAI JAIDEE' },
  la: { name: 'Khamla Vongsa', bankAccountName: 'KHAMLA VONGSA' },
  en: { name: 'Alex Carter', bankAccountName: 'ALEX CARTER' },
};

/** A fresh member of the locale's cast with 1,500 baht, signed in on /user/home. */
export async function castMember(stack: Stack, page: Page, locale: Locale): Promise<NewMember> {
  const member = await registerMemberApi(stack, CAST[locale]);
  await fundMember(stack, member, 1500);
  await signIn(page, stack.appUrl, member.phone, member.password, { locale });
  return member;
}

/** Back on the home screen, its pictures loaded, at the top. */
export async function toHome(page: Page, appUrl: string): Promise<void> {
  if (new URL(page.url()).pathname !== '/user/home') await page.goto(`${appUrl}/user/home`);
  await page.getByTestId('home-summary').waitFor();
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images)
        .filter((img) => !img.complete)
        .map((img) => new Promise((resolve) => img.addEventListener('load', resolve))),
    );
    window.scrollTo(0, 0);
  });
}

export function checkingDirector(page: Page, locale: Locale): Director {
  return {
    page,
    locale,
    tap: (target) => target.click(),
    type: (target, text) => target.fill(text),
    hold: async () => undefined,
    show: (target) => target.scrollIntoViewIfNeeded(),
  };
}

/** Draws a fading ring where the finger lands, so viewers see what is touched. */
async function touchMark(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) return;
  await page.evaluate(
    ({ x, y }) => {
      const ring = document.createElement('div');
      ring.setAttribute('aria-hidden', 'true');
      Object.assign(ring.style, {
        position: 'fixed',
        left: `${x - 22}px`,
        top: `${y - 22}px`,
        width: '44px',
        height: '44px',
        borderRadius: '50%',
        background: 'rgba(255, 255, 255, 0.35)',
        border: '3px solid rgba(245, 196, 81, 0.95)',
        pointerEvents: 'none',
        zIndex: '2147483647',
        transition: 'transform 450ms ease-out, opacity 450ms ease-out',
      });
      document.body.appendChild(ring);
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          ring.style.transform = 'scale(1.6)';
          ring.style.opacity = '0';
        }),
      );
      setTimeout(() => ring.remove(), 700);
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
}

export function filmingDirector(page: Page, locale: Locale): Director {
  return {
    page,
    locale,
    async tap(target) {
      await touchMark(page, target);
      await page.waitForTimeout(380);
      await target.click();
      await page.waitForTimeout(500);
    },
    async type(target, text) {
      await target.click();
      await target.fill('');
      await target.pressSequentially(text, { delay: 160 });
    },
    hold: (ms) => page.waitForTimeout(ms),
    async show(target) {
      await target.evaluate((el) => el.scrollIntoView({ behavior: 'smooth', block: 'center' }));
      await page.waitForTimeout(900);
    },
  };
}
