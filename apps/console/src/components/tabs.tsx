import { Fragment, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface Tab {
  id: string;
  label: string;
  panel: () => ReactNode;
}

interface TabsProps {
  /** Names the tab list for screen readers. */
  label: string;
  tabs: readonly Tab[];
  /** The selected tab's id (controlled, e.g. from the URL). */
  selected: string;
  onSelect: (id: string) => void;
}

/**
 * WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the chosen panel renders.
 * Each tab's panel is its own instance (keyed by the tab): panels of the same component
 * never hand their state or their queries' data on to the next tab (issue 26: the member
 * page drew the statement's rows under the deposits' columns).
 */
export function Tabs({ label, tabs, selected, onSelect }: TabsProps) {
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === selected),
  );
  const current = tabs[index];

  const onKey = (event: KeyboardEvent) => {
    const last = tabs.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    onSelect(tabs[target]!.id);
    buttons.current[target]?.focus();
  };

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tab-list" onKeyDown={onKey}>
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(node) => {
              buttons.current[i] = node;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.id}`}
            aria-selected={i === index}
            aria-controls={`${id}-panel`}
            tabIndex={i === index ? 0 : -1}
            className="tab"
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {current ? (
        <div
          role="tabpanel"
          id={`${id}-panel`}
          aria-labelledby={`${id}-tab-${current.id}`}
          tabIndex={0}
          className="tab-panel"
        >
          <Fragment key={current.id}>{current.panel()}</Fragment>
        </div>
      ) : null}
    </div>
  );
}
