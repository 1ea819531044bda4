// Hydrating the member home the server rendered (decision 0159) in several tasks instead of one
// (decision 0163). Preact hydrates a page in one synchronous pass; on a slow phone that pass
// was one task of 70-90 ms at 4x CPU, which holds every tap until it ends (Lighthouse counts
// it as blocking time). A part wrapped in <HydrateLater> keeps the server's elements while the
// pass goes on, and is hydrated in a task of its own after it: Preact's Suspense keeps a
// suspended part's elements while hydrating (as it does for a lazy part whose code is not
// there yet), then hydrates them when the part resumes. Outside a hydration it renders its
// children at once.
import { Suspense, useState, type ReactNode } from 'react';
import { nextTask } from '@/lib/next-task';

/** The parts still waiting, in order: each resumes one task after the one before it. */
let queue: Promise<void> | null = null;

/** Called right before hydrating: the <HydrateLater> parts met by this pass wait their turn. */
export function startHydrationInSteps(): void {
  queue = Promise.resolve();
}

/**
 * Settles once every part that waited has resumed (their renders run in the microtasks of
 * the task they resumed in). Later renders of <HydrateLater> render at once.
 */
export async function whenHydratedInSteps(): Promise<void> {
  let seen: Promise<void> | null = null;
  // A part that waits may hold another: wait until no part was added meanwhile.
  while (queue && queue !== seen) {
    seen = queue;
    await seen;
  }
  queue = null;
}

/** A part's turn: settled (true) or the promise that settles one task after the part before. */
interface Turn {
  done: Promise<void> | true;
}

/** Suspends until its part's turn (Suspense keeps the server's elements meanwhile). */
function Later({ turn, children }: { turn: Turn; children: ReactNode }) {
  if (turn.done !== true) throw turn.done;
  return <>{children}</>;
}

/**
 * Its children, hydrated in a task after the pass that met it. They must render one element
 * (Preact keeps the first of the server's elements for a part that waits).
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  // The turn is kept here, above the boundary, where no render is thrown away: taken once,
  // when the part is first rendered, and only while a hydration in steps is on.
  const [turn] = useState(takeTurn);
  return (
    <Suspense fallback={null}>
      <Later turn={turn}>{children}</Later>
    </Suspense>
  );
}

function takeTurn(): Turn {
  const turn: Turn = { done: true };
  if (!queue) return turn;
  const done = queue.then(nextTask).then(() => {
    turn.done = true;
  });
  turn.done = done;
  queue = done;
  return turn;
}
