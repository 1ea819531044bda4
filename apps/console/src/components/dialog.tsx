// The console's one dialog frame: a backdrop, a modal panel labelled by its title, a focus
// trap (focus moves in, Tab cycles, focus returns to the opener) and Escape to close unless
// busy. Every dialog of the console draws itself in this frame (issue 27).
import { useId, useRef, type ReactNode } from 'react';
import { useFocusTrap } from './use-focus-trap';
import './dialog.css';

export interface DialogProps {
  /** The heading (an h2) that labels the dialog. */
  title: ReactNode;
  /** Escape (and the caller's Cancel / Close); not called while busy. */
  onClose: () => void;
  /** While an action runs: Escape does nothing. */
  busy?: boolean;
  /** `alertdialog` for a warning that needs an answer. */
  role?: 'dialog' | 'alertdialog';
  /** Extra classes of the panel, after `dialog`. */
  className?: string;
  /** The id of the element that describes the dialog. */
  describedBy?: string | undefined;
  testId?: string | undefined;
  /** Wraps the heading when it shares a row with other things (a badge, a Close button). */
  header?: (heading: ReactNode) => ReactNode;
  children?: ReactNode;
}

export function Dialog(props: DialogProps) {
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, true, props.busy ? undefined : props.onClose);
  const heading = <h2 id={`${id}-title`}>{props.title}</h2>;
  return (
    <div className="dialog-backdrop">
      <div
        ref={panel}
        className={props.className ? `dialog ${props.className}` : 'dialog'}
        role={props.role ?? 'dialog'}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={props.describedBy}
        tabIndex={-1}
        data-testid={props.testId}
      >
        {props.header ? props.header(heading) : heading}
        {props.children}
      </div>
    </div>
  );
}
