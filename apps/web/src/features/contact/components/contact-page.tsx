import { useMemo, useState } from 'react';
import { APP_VERSION } from '@wallet/contract/client';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/spinner';
import { useI18n } from '@/i18n/use-i18n';
import { sanitizeHtml } from '@/lib/sanitize-html';
import { useContact } from '@/features/contact/api/get-contact';
import './contact-page.css';

/** Drawn locally; used when the operator has no QR image or it fails to load. */
export const FALLBACK_QR = '/contact/line-qr-fallback.svg';

function safeLink(url: string): string | null {
  return /^https?:\/\//i.test(url) ? url : null;
}

/** Operator QR: http(s), a same-origin path, or an inline raster image; nothing else. */
function safeImage(url: string | null | undefined): string | null {
  if (!url) return null;
  return /^(https?:\/\/|\/(?!\/)|data:image\/(png|jpeg|gif|webp);)/i.test(url) ? url : null;
}

/**
 * Contact (spec section 2): sanitised operator text, the messaging-app QR (local fallback),
 * link and name, and the version. /contact has no top offset; /user/contact sits under the
 * signed-in top bar.
 */
export function ContactPage({ withTopOffset = false }: { withTopOffset?: boolean }) {
  const { t } = useI18n();
  const contact = useContact();
  // remote QR -> local drawing -> nothing (spec: "a local image is used, or nothing").
  const [qrStage, setQrStage] = useState<'remote' | 'fallback' | 'none'>('remote');
  const html = useMemo(
    () => (contact.data ? sanitizeHtml(contact.data.contactText) : ''),
    [contact.data],
  );
  const remoteQr = safeImage(contact.data?.lineQR);
  const qr = qrStage === 'none' ? null : qrStage === 'remote' && remoteQr ? remoteQr : FALLBACK_QR;
  const link = contact.data ? safeLink(contact.data.lineLink) : null;
  const name = contact.data?.lineName ?? '';

  return (
    <section
      className={`page${withTopOffset ? ' page--offset' : ''}`}
      data-testid="contact-page"
      data-top-offset={withTopOffset ? 'true' : 'false'}
    >
      <PageHeader title={t('contact.title')} />
      {contact.isPending ? <PageLoader /> : null}
      {contact.data ? (
        <>
          <div
            className="card rich-text"
            data-testid="contact-text"
            // Sanitised with an allowlist (lib/sanitize-html.ts).
            dangerouslySetInnerHTML={{ __html: html }}
          />
          <div className="card contact-line">
            <h2 className="contact-line__title">{t('contact.messaging')}</h2>
            {qr ? (
              <img
                className="contact-line__qr"
                src={qr}
                alt={t('contact.qrAlt', { name })}
                width={180}
                height={180}
                onError={() => setQrStage(qr === FALLBACK_QR ? 'none' : 'fallback')}
                data-testid="contact-qr"
                data-fallback={qr === FALLBACK_QR ? 'true' : 'false'}
              />
            ) : null}
            <p className="contact-line__name" data-testid="contact-line-name">
              {name}
            </p>
            {link ? (
              <a
                className="button button--primary"
                href={link}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="contact-line-link"
              >
                {t('contact.open', { name })}
              </a>
            ) : null}
          </div>
        </>
      ) : null}
      <p className="version" data-testid="app-version">
        {t('app.version', { version: APP_VERSION })}
      </p>
    </section>
  );
}
