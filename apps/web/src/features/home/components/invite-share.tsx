import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { toast } from '@/components/toast/toast-store';
import { useI18n } from '@/i18n/use-i18n';
import { copyText } from '@/lib/clipboard';
import {
  canShareNatively,
  fallbackUnlessAppOpens,
  MESSENGER_WEB,
  NEW_WINDOW_FEATURES,
  shareLinks,
  shareNatively,
} from '@/features/home/lib/share';

// Brand marks drawn inline (no image requests, no dependency); the link carries the name.
const mark = (children: ReactNode) => (
  <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
    {children}
  </svg>
);
const LineMark = () =>
  mark(
    <>
      <rect width="28" height="28" rx="8" fill="#06c755" />
      <path
        fill="#fff"
        d="M14 6.5c-4.97 0-9 3.2-9 7.15 0 3.54 3.2 6.5 7.5 7.06.3.06.7.2.8.45.09.23.06.58.03.81l-.13.77c-.04.23-.18.9.8.49.97-.41 5.24-3.09 7.15-5.29C22.47 16.5 23 15.13 23 13.65 23 9.7 18.97 6.5 14 6.5Z"
      />
    </>,
  );
const FacebookMark = () =>
  mark(
    <>
      <circle cx="14" cy="14" r="14" fill="#1877f2" />
      <path
        fill="#fff"
        d="M15.6 28V17.9h3.3l.5-3.9h-3.8v-2.5c0-1.1.3-1.9 1.9-1.9h2V6.1c-.4-.1-1.6-.2-2.9-.2-2.9 0-4.9 1.8-4.9 5v2.9H8.4v3.9h3.3V28"
      />
    </>,
  );
const MessengerMark = () =>
  mark(
    <>
      <circle cx="14" cy="14" r="14" fill="#0a7cff" />
      <path
        fill="#fff"
        d="M14 5.5c-4.9 0-8.7 3.6-8.7 8.4 0 2.5 1 4.7 2.7 6.2v3.4l3.1-1.7c.9.2 1.9.4 2.9.4 4.9 0 8.7-3.6 8.7-8.4S18.9 5.5 14 5.5Zm.9 11.1-2.2-2.4-4.3 2.4 4.8-5.1 2.3 2.4 4.2-2.4-4.8 5.1Z"
      />
    </>,
  );
const MoreMark = () =>
  mark(
    <>
      <circle cx="14" cy="14" r="14" fill="var(--surface-2)" />
      <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
        <circle cx="18.5" cy="8.5" r="2.3" />
        <circle cx="9.5" cy="14" r="2.3" />
        <circle cx="18.5" cy="19.5" r="2.3" />
        <path d="m11.5 12.8 5-3.1M11.5 15.2l5 3.1" />
      </g>
    </>,
  );

/**
 * One way to share: the mark and the service's name; a link that opens a new tab says so in
 * its accessible name ("LINE (opens in a new tab)"), which starts with the name shown.
 */
function Item({ mark, name }: { mark: ReactNode; name: string }) {
  return (
    <>
      {mark}
      <span>{name}</span>
    </>
  );
}

/**
 * The invite link's share row (issue 26): LINE, Facebook and Messenger through their public
 * share addresses (new tabs without a handle on this page), and the browser's own share
 * sheet where it has one. Copying stays the copy button beside the link.
 */
export function InviteShare({ link }: { link: string }) {
  const { t } = useI18n();
  const titleId = useId();
  const links = shareLinks(link);
  const [native] = useState(() => canShareNatively());
  // Only a phone (a coarse pointer) may have the Messenger app; elsewhere go to the web.
  const [appLikely] = useState(() => window.matchMedia?.('(pointer: coarse)').matches ?? false);
  const cancelWait = useRef<() => void>(undefined);
  useEffect(() => () => cancelWait.current?.(), []);
  const newTab = t('invite.share.newTab');

  /** Messenger on the web takes no link: copy it, say so (and open Messenger). */
  const messengerOnTheWeb = async (openWindow: boolean) => {
    if (await copyText(link)) toast.info(t('invite.share.messengerPaste'));
    else toast.error(t('invite.copyFailed'));
    if (openWindow) window.open(MESSENGER_WEB, '_blank', NEW_WINDOW_FEATURES);
  };
  const onMessenger = () => {
    if (!appLikely) {
      // The link itself opens Messenger on the web in a new tab.
      void messengerOnTheWeb(false);
      return;
    }
    // The link opens the app; if the page is still in front a moment later, it did not.
    cancelWait.current?.();
    cancelWait.current = fallbackUnlessAppOpens(() => void messengerOnTheWeb(true));
  };
  const onMore = async () => {
    const outcome = await shareNatively({
      title: t('invite.title'),
      text: t('invite.share.text'),
      url: link,
    });
    if (outcome === 'failed') toast.error(t('invite.share.failed'));
  };

  return (
    <section className="invite-share" aria-labelledby={titleId} data-testid="invite-share">
      <h3 id={titleId} className="invite-share__title">
        {t('invite.share.title')}
      </h3>
      <ul className="invite-share__list">
        <li>
          <a
            className="invite-share__item"
            href={links.line}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${t('invite.share.line')} ${newTab}`}
            data-testid="invite-share-line"
          >
            <Item mark={<LineMark />} name={t('invite.share.line')} />
          </a>
        </li>
        <li>
          <a
            className="invite-share__item"
            href={links.facebook}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${t('invite.share.facebook')} ${newTab}`}
            data-testid="invite-share-facebook"
          >
            <Item mark={<FacebookMark />} name={t('invite.share.facebook')} />
          </a>
        </li>
        <li>
          <a
            className="invite-share__item"
            href={appLikely ? links.messengerApp : MESSENGER_WEB}
            {...(appLikely
              ? {}
              : {
                  target: '_blank',
                  rel: 'noopener noreferrer',
                  'aria-label': `${t('invite.share.messenger')} ${newTab}`,
                })}
            onClick={onMessenger}
            data-testid="invite-share-messenger"
          >
            <Item mark={<MessengerMark />} name={t('invite.share.messenger')} />
          </a>
        </li>
        {native ? (
          <li>
            <button
              type="button"
              className="invite-share__item"
              onClick={() => void onMore()}
              data-testid="invite-share-more"
            >
              <Item mark={<MoreMark />} name={t('invite.share.more')} />
            </button>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
