// Previews of what members will see (decision 0092): a bonus card and the terms shown before
// receiving, drawn like the member app's (its dark theme copied in preview.css), in th, la or
// en. The terms are the member app's own lines and texts (`@wallet/client/bonus-terms`, issue
// 27). Banner HTML is shown as its text only: the console never renders stored HTML.
import { useId, useState } from 'react';
import {
  bonusTermLines,
  type BonusActionsText,
  type BonusTermsInput,
  type BonusTermsText,
} from '@wallet/client/bonus-terms';
import { bonusActionsEn, bonusTermsEn } from '@wallet/client/bonus-terms/en';
import { bonusActionsLa, bonusTermsLa } from '@wallet/client/bonus-terms/la';
import { bonusActionsTh, bonusTermsTh } from '@wallet/client/bonus-terms/th';
import { useI18n } from '@/i18n/i18n';
import { formatMoney } from '@/lib/format';
import type { Localized } from './form';
import './preview.css';

export type PreviewTerms = BonusTermsInput;
type MemberLocale = 'th' | 'la' | 'en';

/** What a member reads, in each of their languages. */
const memberTexts: Record<MemberLocale, BonusTermsText & BonusActionsText> = {
  th: { ...bonusTermsTh, ...bonusActionsTh },
  la: { ...bonusTermsLa, ...bonusActionsLa },
  en: { ...bonusTermsEn, ...bonusActionsEn },
};

/** The text of a piece of HTML (no markup, nothing run). */
export function htmlText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function TermsList({ terms, locale }: { terms: PreviewTerms; locale: MemberLocale }) {
  return (
    <ul className="member-terms-list" data-testid="preview-terms">
      {bonusTermLines(memberTexts[locale], terms, terms.percentFail, formatMoney).map((line) => (
        <li key={line.key}>{line.text}</li>
      ))}
    </ul>
  );
}

/** th / la / en buttons choosing the preview's language. */
function LocalePicker({
  locale,
  onChange,
}: {
  locale: MemberLocale;
  onChange: (locale: MemberLocale) => void;
}) {
  const { t } = useI18n();
  return (
    <div className="preview-locales" role="group" aria-label={t('promotions.preview.language')}>
      {(['th', 'la', 'en'] as const).map((l) => (
        <button
          key={l}
          type="button"
          className="btn preview-locale"
          aria-pressed={l === locale}
          onClick={() => onChange(l)}
        >
          {t(`promotions.locales.${l}`)}
        </button>
      ))}
    </div>
  );
}

/** The member's bonus card and dialog (banner, its text, the terms; no description). */
export function BonusPreview(props: {
  name: Localized;
  banners: readonly { image: string; html: Localized }[];
  terms: PreviewTerms;
}) {
  const { t } = useI18n();
  const headingId = useId();
  const [locale, setLocale] = useState<MemberLocale>('th');
  const banner = props.banners[0];
  const name = props.name[locale] || '—';
  const m = memberTexts[locale];
  const bannerText = banner ? htmlText(banner.html[locale]) : '';
  return (
    <section className="member-preview" aria-labelledby={headingId} data-testid="bonus-preview">
      <h3 id={headingId} className="preview-heading">
        {t('promotions.preview.heading')}
      </h3>
      <LocalePicker locale={locale} onChange={setLocale} />
      <div className="member-screen" lang={locale}>
        <p className="member-label">{t('promotions.preview.card')}</p>
        <div className="member-bonus-card" data-testid="preview-card">
          {banner?.image ? (
            <img className="member-bonus-card-image" src={banner.image} alt="" />
          ) : (
            <span className="member-bonus-card-image member-bonus-card-empty" aria-hidden="true" />
          )}
          <span className="member-bonus-card-name">{name}</span>
        </div>
        <p className="member-label">{t('promotions.preview.dialog')}</p>
        <div className="member-dialog">
          <p className="member-dialog-title">{name}</p>
          {banner?.image ? (
            <img className="member-dialog-banner" src={banner.image} alt="" />
          ) : null}
          {bannerText ? <p className="member-dialog-banner-text">{bannerText}</p> : null}
          <p className="member-terms-heading">{m.heading}</p>
          <TermsList terms={props.terms} locale={locale} />
          <span className="member-button" aria-hidden="true">
            {m.receive}
          </span>
        </div>
      </div>
    </section>
  );
}

/** What a member sees after looking a promotion code up: code, its description and terms. */
export function PromotionPreview(props: {
  code: string;
  description: Localized;
  terms: PreviewTerms | null;
}) {
  const { t } = useI18n();
  const headingId = useId();
  const [locale, setLocale] = useState<MemberLocale>('th');
  const m = memberTexts[locale];
  return (
    <section className="member-preview" aria-labelledby={headingId} data-testid="code-preview">
      <h3 id={headingId} className="preview-heading">
        {t('promotions.preview.heading')}
      </h3>
      <LocalePicker locale={locale} onChange={setLocale} />
      <div className="member-screen" lang={locale}>
        <div className="member-dialog">
          <p className="member-dialog-title">
            {m.promotionTitle} {props.code || '—'}
          </p>
          {props.description[locale] ? (
            <p className="member-dialog-description">{props.description[locale]}</p>
          ) : null}
          {props.terms ? (
            <>
              <p className="member-terms-heading">{m.heading}</p>
              <TermsList terms={props.terms} locale={locale} />
            </>
          ) : (
            <p className="member-dialog-description">{t('promotions.preview.noBonus')}</p>
          )}
          <span className="member-button" aria-hidden="true">
            {m.receive}
          </span>
        </div>
      </div>
    </section>
  );
}
