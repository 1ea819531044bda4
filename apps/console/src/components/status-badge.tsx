import type { ReactNode } from 'react';
import './status-badge.css';

export type StatusTone = 'ok' | 'warn' | 'bad' | 'info' | 'neutral';

/** Each tone has its own mark, so the state reads without the colour. */
const marks: Record<StatusTone, string> = {
  ok: '✓',
  warn: '!',
  bad: '✕',
  info: 'i',
  neutral: '•',
};

interface StatusBadgeProps {
  tone: StatusTone;
  /** The translated state, e.g. t('withdrawals.status.waiting'). */
  children: ReactNode;
  /** A tooltip, e.g. the stored value behind the words. */
  title?: string;
}

export function StatusBadge({ tone, children, title }: StatusBadgeProps) {
  return (
    <span className={`status-badge status-${tone}`} title={title}>
      <span className="status-mark" aria-hidden="true">
        {marks[tone]}
      </span>
      {children}
    </span>
  );
}
