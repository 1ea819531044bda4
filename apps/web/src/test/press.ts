// Two presses in one JavaScript task (issue 26): React renders nothing between them, so a
// guard that lives in state (a mutation's isPending, the Button's pending) has not changed
// yet when the second click arrives. Money buttons must still send one request.
import { act } from '@testing-library/react';

export function pressTwiceInOneTask(element: HTMLElement): void {
  act(() => {
    element.click();
    element.click();
  });
}
