import type { ReactNode } from 'react';
import './stat-card.css';

interface StatCardProps {
  /** What the figure is ("Deposits today"). */
  label: string;
  /** The figure: text, <Money/>, a count. */
  value: ReactNode;
  /** A line under it ("12 transactions", "vs 1,200.00 yesterday"). */
  detail?: ReactNode;
  /** Draws attention (e.g. withdrawals waiting); the detail says why, not only the colour. */
  tone?: 'default' | 'attention';
}

/** One figure with its label; a dashboard lays several in a grid (`.stat-grid`). */
export function StatCard({ label, value, detail, tone = 'default' }: StatCardProps) {
  return (
    <section className={`stat-card stat-card-${tone}`} aria-label={label}>
      <h3 className="stat-card-label">{label}</h3>
      <p className="stat-card-value">{value}</p>
      {detail ? <p className="stat-card-detail">{detail}</p> : null}
    </section>
  );
}
