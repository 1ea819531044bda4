// The banners of a bonus, the invite or the refund: each an image (one of the stock images
// the server renders, decision 0077, or an address) with its HTML caption in th, la and en.
import { promotionLimits as L } from '@wallet/contract/client';
import { useI18n } from '@/i18n/i18n';
import { Field, LocalizedField, SelectField } from './fields';
import { bannerUrl, emptyLocalized, STOCK_BANNERS, type Localized, type Problems } from './form';

export interface BannerDraft {
  image: string;
  html: Localized;
}

const stockName = (image: string) => STOCK_BANNERS.find((name) => bannerUrl(name) === image);

export function BannersField(props: {
  value: BannerDraft[];
  onChange: (value: BannerDraft[]) => void;
  problems: Problems;
  max: number;
  htmlMax: number;
}) {
  const { t } = useI18n();
  const set = (index: number, banner: BannerDraft) =>
    props.onChange(props.value.map((b, i) => (i === index ? banner : b)));
  return (
    <fieldset className="promo-banners">
      <legend>{t('promotions.banners.legend')}</legend>
      <p className="muted promo-hint">{t('promotions.banners.hint', { max: props.max })}</p>
      {props.value.map((banner, index) => {
        const stock = stockName(banner.image);
        return (
          <div key={index} className="promo-banner">
            <div className="promo-banner-head">
              {banner.image ? (
                <img className="promo-banner-thumb" src={banner.image} alt="" />
              ) : (
                <span className="promo-banner-thumb" aria-hidden="true" />
              )}
              <SelectField
                label={t('promotions.banners.image', { n: index + 1 })}
                value={stock ?? 'custom'}
                options={[
                  ...STOCK_BANNERS.map((name) => ({
                    value: name,
                    label: t(`promotions.banners.stock.${name}`),
                  })),
                  { value: 'custom', label: t('promotions.banners.custom') },
                ]}
                onChange={(choice) =>
                  set(index, { ...banner, image: choice === 'custom' ? '' : bannerUrl(choice) })
                }
              />
              <button
                type="button"
                className="btn"
                onClick={() => props.onChange(props.value.filter((_, i) => i !== index))}
              >
                {t('promotions.banners.remove', { n: index + 1 })}
              </button>
            </div>
            {stock ? null : (
              <Field
                label={t('promotions.banners.address')}
                hint={t('promotions.banners.addressHint')}
                problem={props.problems[`banners.${index}.image`]}
              >
                {(a11y) => (
                  <input
                    {...a11y}
                    maxLength={L.bannerImageMax}
                    value={banner.image}
                    onChange={(event) => set(index, { ...banner, image: event.target.value })}
                  />
                )}
              </Field>
            )}
            <LocalizedField
              legend={t('promotions.banners.html', { n: index + 1 })}
              hint={t('promotions.banners.htmlHint')}
              field={`banners.${index}.html`}
              value={banner.html}
              problems={props.problems}
              maxLength={props.htmlMax}
              multiline
              onChange={(html) => set(index, { ...banner, html })}
            />
          </div>
        );
      })}
      {props.value.length < props.max ? (
        <button
          type="button"
          className="btn"
          onClick={() =>
            props.onChange([
              ...props.value,
              { image: bannerUrl(STOCK_BANNERS[0]), html: emptyLocalized() },
            ])
          }
        >
          {t('promotions.banners.add')}
        </button>
      ) : null}
    </fieldset>
  );
}

/** Checks banners into the request shape, noting problems under `banners.<i>.…`. */
export function checkBanners(
  c: {
    text: (field: string, value: string, max: number, required?: boolean) => string;
    localized: (field: string, value: Localized, max: number, required?: boolean) => Localized;
  },
  banners: BannerDraft[],
  htmlMax: number,
): BannerDraft[] {
  return banners.map((banner, i) => ({
    image: c.text(`banners.${i}.image`, banner.image, 500),
    html: c.localized(`banners.${i}.html`, banner.html, htmlMax, false),
  }));
}
