import { useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '@/i18n/i18n';
import './search-box.css';

interface SearchBoxProps {
  /** The visible label (translated). */
  label: string;
  /** The search in force (e.g. from the URL); typing starts from it. */
  value: string;
  /** Called with the trimmed text once typing pauses for `delayMs`, or at once on Enter. */
  onSearch: (value: string) => void;
  placeholder?: string;
  delayMs?: number;
  /** A hint under the field (what can be searched). */
  hint?: string;
}

export function SearchBox({
  label,
  value,
  onSearch,
  placeholder,
  delayMs = 350,
  hint,
}: SearchBoxProps) {
  const { t } = useI18n();
  const id = useId();
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  const sent = useRef(value);

  useEffect(() => {
    setText(value);
    sent.current = value;
  }, [value]);

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === sent.current) return;
    const timer = setTimeout(() => {
      // Enter may have sent this text already: a second search would push a duplicate history
      // entry, or pull the page back to the list after a row was opened meanwhile.
      if (trimmed === sent.current) return;
      sent.current = trimmed;
      latest.current(trimmed);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);

  const now = (next: string) => {
    sent.current = next;
    latest.current(next);
  };

  return (
    <div className="search-box field">
      <label htmlFor={id}>{label}</label>
      <div className="search-box-row">
        <input
          id={id}
          type="search"
          value={text}
          placeholder={placeholder}
          autoComplete="off"
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') now(text.trim());
          }}
        />
        {text ? (
          <button
            type="button"
            className="btn btn-link"
            onClick={() => {
              setText('');
              now('');
            }}
          >
            {t('search.clear')}
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="muted search-box-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
