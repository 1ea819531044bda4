import type { ButtonHTMLAttributes } from 'react';
import { useDelayedFlag } from '@/hooks/use-delayed-flag';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'link';
  /** Work in progress: the button is busy and shows a spinner after 200 ms. */
  pending?: boolean;
  block?: boolean;
}

export function Button({
  variant = 'primary',
  pending = false,
  block = false,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  const showSpinner = useDelayedFlag(pending);
  const classes = ['button', `button--${variant}`, block ? 'button--block' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...rest}
    >
      {showSpinner ? (
        <span className="spinner__ring spinner__ring--small" aria-hidden="true" />
      ) : null}
      <span>{children}</span>
    </button>
  );
}
