// Taking over the member home the server rendered (issue 29, decisions 0159 and 0160). The
// page came with the answers it was drawn from; they go into the query cache first, so the
// app's first render of the home is the server's: same balance, same banners, no loader, no
// second request. The app then hydrates the page (its elements are kept and given the app's
// handlers) instead of drawing a second copy and putting it in the page's place: on a slow
// phone, creating that copy and laying it out again was most of the app's start. The parts
// that load on demand (the banner board, the turnover card) keep the server's elements until
// their code is there, then hydrate them too (Preact's Suspense does this while hydrating).
import { getToken } from '@/lib/session';
import { startHydrationInSteps, whenHydratedInSteps } from '@/lib/hydrate-in-steps';
import { nextTask } from '@/lib/next-task';
import { getLocale, htmlLang } from '@/i18n/i18n';
import { seedFirstReads, type FirstReadAnswers } from '@/features/home/lib/first-reads';

/** The id of the answers' JSON in the page (apps/server/src/http/member-home.ts, held equal by its test). */
export const HOME_ANSWERS_ID = 'member-home-answers';

/** The answers the server wrote into the page, or null (none, or unreadable). */
function readAnswers(): FirstReadAnswers | null {
  const script = document.getElementById(HOME_ANSWERS_ID);
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as FirstReadAnswers;
  } catch {
    return null;
  } finally {
    script.remove();
  }
}

/**
 * Seeds the query cache with the page's answers when the app would draw the same page: it
 * was asked with the session now held (`servedWith`, the home cookie as the page was asked
 * for) and drawn in the app's language (`servedIn`, the page's `<html lang>` as it came:
 * the app sets its own once its language is loaded). True when seeded: the page can then be
 * hydrated. Another member's page, a session since ended, or a page in another language is
 * not hydrated (its texts and labels would stay the server's) but replaced.
 */
export async function seedFromPage(
  servedWith: string | null,
  servedIn: string | null,
): Promise<boolean> {
  const answers = readAnswers();
  if (!answers || !servedWith || servedWith !== getToken()) return false;
  if (servedIn !== htmlLang[getLocale()]) return false;
  const { queryClient } = await import('@/app/query');
  seedFirstReads(queryClient, answers, getLocale());
  return true;
}

/**
 * Hydrates the server's page (`hydrate` hydrates the app into it, synchronously) and then
 * hands it to the app: a tap on the page meanwhile (noted by public/after-paint.js, which
 * holds taps until then) is made again, on the same element, now that it has its handler.
 * The hydration starts in a task of its own (the seeding and the router's first navigation
 * ran in the ones before), and the parts marked <HydrateLater> follow in theirs
 * (lib/hydrate-in-steps.tsx, decision 0163): no one task holds a slow phone for long.
 */
export async function hydrateHome(page: HTMLElement, hydrate: () => void): Promise<void> {
  await nextTask();
  startHydrationInSteps();
  try {
    hydrate();
  } finally {
    await whenHydratedInSteps();
  }
  // The parts whose code was already loaded finish hydrating in the microtasks after it.
  await nextTask();
  const tapped = page.getAttribute('data-tap-pending');
  page.removeAttribute('data-prerendered');
  page.removeAttribute('data-tap-pending');
  const again = [...page.querySelectorAll<HTMLElement>('[data-testid]')].filter(
    (el) => tapped !== null && el.getAttribute('data-testid') === tapped,
  );
  if (again.length === 1) again[0]!.click();
}
