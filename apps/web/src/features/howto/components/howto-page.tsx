import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { PlayCircleIcon } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { useI18n } from '@/i18n/use-i18n';
import { howtoVideos, videoFiles, type HowtoVideo } from '@/features/howto/lib/videos';
import './howto-page.css';

/**
 * How-to (spec section 2): five videos, each played in a modal, recorded from this app in
 * the page's language (decision 0060).
 */
export function HowtoPage() {
  const { t, locale } = useI18n();
  const [playing, setPlaying] = useState<HowtoVideo | null>(null);
  const files = playing ? videoFiles(playing.id, locale) : null;

  return (
    <section className="page">
      <PageHeader title={t('howto.title')} />
      <p className="muted">{t('howto.intro')}</p>
      <ul className="video-grid">
        {howtoVideos.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className="video-card"
              onClick={() => setPlaying(item)}
              aria-label={t('howto.play', { title: t(item.titleKey) })}
              data-testid={`howto-video-${item.id}`}
              data-preview={item.preview}
            >
              <img
                className="video-card__poster"
                src={videoFiles(item.id, locale).poster}
                alt=""
                width={160}
                height={120}
                loading="lazy"
              />
              <span className="video-card__play" aria-hidden="true">
                <PlayCircleIcon width={28} height={28} />
              </span>
              {item.preview ? (
                <span className="video-card__badge" data-testid="howto-preview-badge">
                  {t('howto.preview')}
                </span>
              ) : null}
              <span className="video-card__title">{t(item.titleKey)}</span>
            </button>
          </li>
        ))}
      </ul>
      {playing && files ? (
        <Dialog title={t(playing.titleKey)} onClose={() => setPlaying(null)} testId="howto-dialog">
          {playing.preview ? (
            <p className="notice" data-testid="howto-preview-note">
              {t('howto.previewNote')}
            </p>
          ) : null}
          <video
            className="video-player"
            src={files.src}
            poster={files.poster}
            width={540}
            height={1110}
            controls
            autoPlay
            muted
            playsInline
            preload="metadata"
            data-autofocus
          />
        </Dialog>
      ) : null}
    </section>
  );
}
