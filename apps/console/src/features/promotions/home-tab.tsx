// The member home's promotion board (issue 26, decision 0134): the banner carousel's slides
// (a picture and its words per language, a link, on/off, a window in Bangkok time, in order)
// and the running announcement line. Each form is saved whole; the server stores the texts
// as plain text and answers what it kept; each save is in the audit log.
import { useEffect, useState } from 'react';
import { homePromotionLimits as limits } from '@wallet/contract/client';
import { StatusBadge, type StatusTone } from '@/components/status-badge';
import { useToast } from '@/components/toast';
import { useI18n } from '@/i18n/i18n';
import { formatDateTime } from '@/lib/format';
import { CheckField, InputField, LocalizedField, SelectField } from './fields';
import { LOCALES, type Localized, type Problems, withoutProblems } from './form';
import {
  checkAnnouncement,
  checkSlides,
  homeSlideArt,
  LINK_CHOICES,
  moved,
  newSlide,
  slideDraftOf,
  draftState,
  STOCK_HOME_SLIDES,
  stockSlideOf,
  type AnnouncementDraft,
  type LinkChoice,
  type SlideDraft,
  type SlideState,
  type StockHomeSlide,
} from './home-form';
import {
  useHomeSettings,
  useSaveAnnouncement,
  useSaveHomeBanners,
  type HomeSettings,
} from './home-api';
import { LoadFailed, saveErrorText } from './shared';

type Change = HomeSettings['changes']['banners'];

function LastChange({ change }: { change: Change }) {
  const { t } = useI18n();
  return (
    <p className="muted promo-hint home-last-change" data-testid="home-last-change">
      {change
        ? t('promotions.home.lastChange', {
            operator: change.operator ?? '—',
            at: formatDateTime(change.at),
          })
        : t('promotions.home.neverChanged')}
    </p>
  );
}

/** A form's frame: title, intro, last change, fields, the refusal, Save. */
function HomeForm(props: {
  title: string;
  intro: string;
  testId: string;
  change: Change;
  busy: boolean;
  invalid: boolean;
  error: string | null;
  onSubmit: () => void;
  children: React.ReactNode;
}) {
  const { t } = useI18n();
  return (
    <form
      className="card promo-settings"
      noValidate
      aria-label={props.title}
      data-testid={props.testId}
      onSubmit={(event) => {
        event.preventDefault();
        if (!props.busy) props.onSubmit();
      }}
    >
      <h2>{props.title}</h2>
      <p className="muted">{props.intro}</p>
      <LastChange change={props.change} />
      {props.children}
      {props.invalid ? (
        <p className="alert" role="alert">
          {t('promotions.form.invalid')}
        </p>
      ) : null}
      {props.error ? (
        <p className="alert" role="alert">
          {props.error}
        </p>
      ) : null}
      <button
        type="submit"
        className="btn btn-primary"
        disabled={props.busy}
        aria-busy={props.busy || undefined}
      >
        {props.busy ? t('promotions.form.saving') : t('promotions.form.save')}
      </button>
    </form>
  );
}

const stateTone: Record<SlideState, StatusTone> = {
  showing: 'ok',
  scheduled: 'info',
  ended: 'neutral',
  off: 'neutral',
};

/** One slide's fields. */
function SlideFields(props: {
  index: number;
  count: number;
  slide: SlideDraft;
  state: SlideState;
  problems: Problems;
  onChange: (slide: SlideDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useI18n();
  const { slide, index: i, problems } = props;
  const n = i + 1;
  const at = `banners.${i}`;
  const set = (patch: Partial<SlideDraft>) => props.onChange({ ...slide, ...patch });
  const stock = stockSlideOf(slide.image);
  const linkLabel = (choice: LinkChoice) =>
    choice === 'none' || choice === 'external'
      ? t(`promotions.home.link.${choice}`)
      : t('promotions.home.link.page', { page: t(`promotions.home.pages.${choice}`) });
  return (
    <fieldset className="promo-fieldset home-slide" data-testid="home-slide">
      <legend>{t('promotions.home.slide', { n })}</legend>
      <div className="home-slide-head">
        <div className="home-slide-thumbs">
          {LOCALES.map((lang) =>
            slide.image[lang] ? (
              <img
                key={lang}
                className="promo-banner-thumb"
                src={slide.image[lang]}
                alt=""
                title={t(`promotions.locales.${lang}`)}
              />
            ) : (
              <span key={lang} className="promo-banner-thumb" aria-hidden="true" />
            ),
          )}
        </div>
        <div className="home-slide-side">
          <StatusBadge tone={stateTone[props.state]}>
            {t(`promotions.home.state.${props.state}`)}
          </StatusBadge>
          <CheckField
            label={t('promotions.home.active')}
            checked={slide.active}
            onChange={(active) => set({ active })}
            testId="home-slide-active"
          />
          <div className="promo-actions">
            <button
              type="button"
              className="btn"
              disabled={i === 0}
              onClick={() => props.onMove(-1)}
              aria-label={t('promotions.home.moveUp', { n })}
            >
              ↑
            </button>
            <button
              type="button"
              className="btn"
              disabled={i === props.count - 1}
              onClick={() => props.onMove(1)}
              aria-label={t('promotions.home.moveDown', { n })}
            >
              ↓
            </button>
            <button type="button" className="btn" onClick={props.onRemove}>
              {t('promotions.home.remove', { n })}
            </button>
          </div>
        </div>
      </div>
      <SelectField<StockHomeSlide | 'custom'>
        label={t('promotions.home.picture')}
        value={stock ?? 'custom'}
        options={[
          ...STOCK_HOME_SLIDES.map((name) => ({
            value: name,
            label: t(`promotions.home.stock.${name}`),
          })),
          { value: 'custom', label: t('promotions.home.custom') },
        ]}
        onChange={(choice) =>
          set({
            image:
              choice === 'custom'
                ? { th: '', la: '', en: '' }
                : homeSlideArt(choice as StockHomeSlide),
          })
        }
        testId="home-slide-picture"
      />
      {problems[`${at}.image`] ? (
        <p className="field-error">{t('promotions.home.noPicture')}</p>
      ) : null}
      {stock ? null : (
        <LocalizedField
          legend={t('promotions.home.addresses')}
          hint={t('promotions.home.addressesHint')}
          field={`${at}.image`}
          value={slide.image}
          problems={problems}
          maxLength={limits.imageChars}
          onChange={(image) => set({ image })}
          testId={`home-slide-${i}-image`}
        />
      )}
      <LocalizedField
        legend={t('promotions.home.alt')}
        hint={t('promotions.home.altHint', { max: limits.altChars })}
        field={`${at}.alt`}
        value={slide.alt}
        problems={problems}
        maxLength={limits.altChars}
        onChange={(alt) => set({ alt })}
        testId={`home-slide-${i}-alt`}
      />
      <div className="promo-grid">
        <SelectField<LinkChoice>
          label={t('promotions.home.linkLabel')}
          value={slide.link}
          options={LINK_CHOICES.map((choice) => ({ value: choice, label: linkLabel(choice) }))}
          onChange={(link) => set({ link })}
          testId="home-slide-link"
        />
        {slide.link === 'external' ? (
          <InputField
            label={t('promotions.home.url')}
            hint={t('promotions.home.urlHint')}
            value={slide.url}
            problem={problems[`${at}.url`]}
            maxLength={limits.linkChars}
            onChange={(url) => set({ url })}
            testId="home-slide-url"
          />
        ) : null}
      </div>
      <div className="promo-grid">
        <InputField
          label={t('promotions.home.startsAt')}
          hint={t('promotions.home.windowHint')}
          type="datetime-local"
          value={slide.startsAt}
          problem={problems[`${at}.startsAt`]}
          onChange={(startsAt) => set({ startsAt })}
          testId="home-slide-starts"
        />
        <InputField
          label={t('promotions.home.endsAt')}
          hint={t('promotions.home.windowHint')}
          type="datetime-local"
          value={slide.endsAt}
          problem={problems[`${at}.endsAt`]}
          onChange={(endsAt) => set({ endsAt })}
          testId="home-slide-ends"
        />
      </div>
    </fieldset>
  );
}

function BannersForm({ settings }: { settings: HomeSettings }) {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const save = useSaveHomeBanners();
  const [slides, setSlides] = useState(() => settings.banners.map(slideDraftOf));
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setSlides(settings.banners.map(slideDraftOf));
  }, [settings.banners]);
  const now = Date.now();

  const submit = () => {
    const checked = checkSlides(slides);
    setProblems(checked.problems);
    setError(null);
    if (Object.keys(checked.problems).length > 0) return;
    save.mutate(
      { banners: checked.banners },
      {
        onSuccess: () => toast.show(t('promotions.form.saved')),
        onError: (e) => setError(saveErrorText(e, errorText)),
      },
    );
  };
  // Problems are indexed by place: a move or removal starts them over.
  const replace = (next: SlideDraft[]) => {
    setSlides(next);
    setProblems({});
  };
  return (
    <HomeForm
      title={t('promotions.home.banners.title')}
      intro={t('promotions.home.banners.intro', { max: limits.banners })}
      testId="home-banners-form"
      change={settings.changes.banners}
      busy={save.isPending}
      invalid={Object.keys(problems).length > 0}
      error={error}
      onSubmit={submit}
    >
      {slides.length === 0 ? <p className="muted">{t('promotions.home.banners.empty')}</p> : null}
      {slides.map((slide, i) => (
        <SlideFields
          key={i}
          index={i}
          count={slides.length}
          slide={slide}
          state={draftState(slide, now)}
          problems={problems}
          onChange={(next) => {
            setSlides(slides.map((s, j) => (j === i ? next : s)));
            setProblems(withoutProblems(problems, `banners.${i}`));
          }}
          onMove={(by) => replace(moved(slides, i, by))}
          onRemove={() => replace(slides.filter((_, j) => j !== i))}
        />
      ))}
      {slides.length < limits.banners ? (
        <button
          type="button"
          className="btn home-add"
          onClick={() => setSlides([...slides, newSlide()])}
          data-testid="home-slide-add"
        >
          + {t('promotions.home.add')}
        </button>
      ) : null}
    </HomeForm>
  );
}

function AnnouncementForm({ settings }: { settings: HomeSettings }) {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const save = useSaveAnnouncement();
  const [draft, setDraft] = useState<AnnouncementDraft>(settings.announcement);
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setDraft(settings.announcement);
  }, [settings.announcement]);

  const submit = () => {
    const checked = checkAnnouncement(draft);
    setProblems(checked.problems);
    setError(null);
    if (Object.keys(checked.problems).length > 0) return;
    save.mutate(checked.value, {
      onSuccess: () => toast.show(t('promotions.form.saved')),
      onError: (e) => setError(saveErrorText(e, errorText)),
    });
  };
  return (
    <HomeForm
      title={t('promotions.home.announcement.title')}
      intro={t('promotions.home.announcement.intro')}
      testId="announcement-form"
      change={settings.changes.announcement}
      busy={save.isPending}
      invalid={Object.keys(problems).length > 0}
      error={error}
      onSubmit={submit}
    >
      <CheckField
        label={t('promotions.home.announcement.enabled')}
        checked={draft.enabled}
        onChange={(enabled) => {
          setDraft({ ...draft, enabled });
          setProblems({});
        }}
        testId="announcement-enabled"
      />
      <LocalizedField
        legend={t('promotions.home.announcement.text')}
        hint={t('promotions.home.announcement.textHint', { max: limits.announcementChars })}
        field="text"
        value={draft.text as Localized}
        problems={problems}
        maxLength={limits.announcementChars}
        multiline
        onChange={(text) => {
          setDraft({ ...draft, text });
          setProblems(withoutProblems(problems, 'text'));
        }}
        testId="announcement-text"
      />
    </HomeForm>
  );
}

export function HomeTab() {
  const { t } = useI18n();
  const settings = useHomeSettings();
  if (!settings.data) {
    return settings.error ? (
      <LoadFailed error={settings.error} onRetry={() => void settings.refetch()} />
    ) : (
      <p className="muted">{t('app.loading')}</p>
    );
  }
  return (
    <div className="promo-tab">
      <p className="muted">{t('promotions.home.intro')}</p>
      <AnnouncementForm settings={settings.data} />
      <BannersForm settings={settings.data} />
    </div>
  );
}
