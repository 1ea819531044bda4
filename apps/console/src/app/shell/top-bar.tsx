import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Icon } from '@/components/icons';
import { LanguageSelect } from '@/components/language-select';
import { useI18n } from '@/i18n/i18n';
import { ApiError } from '@/lib/api';
import type { OperatorSession } from '@/lib/session';
import { signOut, signOutEverywhere } from '../auth/session-actions';

interface TopBarProps {
  operator: OperatorSession['operator'];
  menuOpen: boolean;
  onToggleMenu: () => void;
}

export function TopBar({ operator, menuOpen, onToggleMenu }: TopBarProps) {
  const { t, errorText } = useI18n();
  const id = useId();
  const [accountOpen, setAccountOpen] = useState(false);
  const [confirmAll, setConfirmAll] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const menu = useRef<HTMLDivElement>(null);
  const role = t(`roles.${operator.role}`);

  // The account menu closes on Escape (focus back on its button) and on a click elsewhere.
  useEffect(() => {
    if (!accountOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setAccountOpen(false);
      menu.current?.querySelector<HTMLButtonElement>('.account-button')?.focus();
    };
    const onClick = (event: MouseEvent) => {
      if (!menu.current?.contains(event.target as Node)) setAccountOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [accountOpen]);

  return (
    <header className="top-bar">
      <button
        type="button"
        className="menu-button"
        aria-expanded={menuOpen}
        aria-controls="console-nav"
        onClick={onToggleMenu}
      >
        <Icon name="menu" />
        <span>{t('nav.menu')}</span>
      </button>
      <p className="top-bar-brand">{t('app.name')}</p>
      <div className="top-bar-end">
        <LanguageSelect />
        <div className="account" ref={menu}>
          <button
            type="button"
            className="account-button"
            aria-expanded={accountOpen}
            aria-controls={`${id}-account`}
            aria-label={`${t('shell.account')}: ${t('shell.signedInAs', { name: operator.displayName, role })}`}
            onClick={() => setAccountOpen((open) => !open)}
          >
            <Icon name="user" />
            <span className="account-name">
              <span className="account-display">{operator.displayName}</span>
              <span className="account-role">{role}</span>
            </span>
            <Icon name="chevronDown" size={16} />
          </button>
          <div id={`${id}-account`} className="account-menu" hidden={!accountOpen}>
            <p className="account-who">
              {t('shell.signedInAs', { name: operator.username, role })}
            </p>
            <Link className="account-item" to="/password" onClick={() => setAccountOpen(false)}>
              {t('shell.changePassword')}
            </Link>
            <button
              type="button"
              className="account-item"
              onClick={() => {
                setAccountOpen(false);
                void signOut('signedOut');
              }}
            >
              {t('shell.signOut')}
            </button>
            <button
              type="button"
              className="account-item"
              onClick={() => {
                setAccountOpen(false);
                setError(null);
                setConfirmAll(true);
              }}
            >
              {t('shell.signOutEverywhere')}
            </button>
          </div>
        </div>
      </div>
      <ConfirmDialog
        open={confirmAll}
        title={t('shell.signOutEverywhere')}
        confirmLabel={t('shell.signOutEverywhere')}
        danger
        busy={busy}
        error={error}
        onCancel={() => setConfirmAll(false)}
        onConfirm={() => {
          setBusy(true);
          signOutEverywhere()
            .catch((caught: unknown) => {
              setError(errorText(caught instanceof ApiError ? caught.code : 'NETWORK_ERROR'));
            })
            .finally(() => setBusy(false));
        }}
      >
        <p>{t('shell.signOutEverywhereConfirm')}</p>
      </ConfirmDialog>
    </header>
  );
}
