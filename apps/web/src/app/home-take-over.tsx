// Taking over the member home the server rendered (issue 29, decision 0159). The page came
// with the answers it was drawn from; they go into the query cache first, so the app's home
// renders at once with the same balance and banners (no loader, no second request). Its
// parts that load on demand (the banner board, the game carousels, the turnover card) would
// still show their placeholders in a first render, and replacing the page then would blank
// the banner (the home's largest paint) for a moment: the app is drawn off the page until it
// shows every part the server's page shows, then put in its place.
import { getToken } from '@/lib/session';
import { getLocale } from '@/i18n/i18n';
import { seedFirstReads, type FirstReadAnswers } from '@/features/home/lib/first-reads';

/** The id of the answers' JSON in the page (apps/server/src/http/member-home.ts, held equal by its test). */
export const HOME_ANSWERS_ID = 'member-home-answers';

/** How long the off-page render may take to show the server page's parts before the swap. */
export const TAKE_OVER_LIMIT_MS = 4_000;

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
 * Seeds the query cache with the page's answers when they are this session's: the page was
 * asked with the session now held (`servedWith`, the home cookie as the page was asked for).
 * Another member's, or a session since ended, is not shown by the app.
 */
export async function seedFromPage(servedWith: string | null): Promise<void> {
  const answers = readAnswers();
  if (!answers || !servedWith || servedWith !== getToken()) return;
  const { queryClient } = await import('@/app/query');
  seedFirstReads(queryClient, answers, getLocale());
}

const testIds = (root: ParentNode) =>
  new Set([...root.querySelectorAll('[data-testid]')].map((el) => el.getAttribute('data-testid')));

/**
 * Renders the app (`mount` renders it into the element it is given) into an element off the
 * page, and puts that element in place of the server's page once it shows every part
 * (`data-testid`) the page shows, or TAKE_OVER_LIMIT_MS have passed. The app is rendered once:
 * on a slow phone a render is a long task, and a second one (rendering again in place) was
 * what Lighthouse counted most against the home.
 */
export async function takeOverHome(
  page: HTMLElement,
  mount: (into: HTMLElement) => void,
): Promise<void> {
  const wanted = [...testIds(page)];
  const into = document.createElement('div');
  into.className = 'app-root';
  mount(into);
  const until = Date.now() + TAKE_OVER_LIMIT_MS;
  while (Date.now() < until) {
    const shown = testIds(into);
    if (wanted.every((id) => shown.has(id))) break;
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  const tapped = page.getAttribute('data-tap-pending');
  page.replaceChildren(into);
  page.removeAttribute('data-prerendered');
  page.removeAttribute('data-tap-pending');
  // A tap on the server's page meanwhile (noted by public/after-paint.js) is made again on the
  // app's, when what was tapped is there once.
  const again = [...into.querySelectorAll<HTMLElement>('[data-testid]')].filter(
    (el) => tapped !== null && el.getAttribute('data-testid') === tapped,
  );
  if (again.length === 1) again[0]!.click();
}
