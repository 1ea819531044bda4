import type { ReactNode } from 'react';
import './placeholder-page.css';

interface PlaceholderPageProps {
  title: string;
  badge: string;
  text: string;
  children?: ReactNode;
}

/**
 * A section not built yet: clearly marked, never blank. Each section's engineer replaces
 * its features/<section>/page.tsx and stops using this.
 */
export function PlaceholderPage({ title, badge, text, children }: PlaceholderPageProps) {
  return (
    <div className="placeholder-page" data-placeholder="true">
      <div className="page-title">
        <h1>{title}</h1>
        <span className="placeholder-badge">{badge}</span>
      </div>
      <div className="placeholder-body">
        <p>{text}</p>
        {children}
      </div>
    </div>
  );
}
