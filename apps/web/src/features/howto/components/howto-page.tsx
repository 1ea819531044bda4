import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { PlayCircleIcon } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { useI18n } from '@/i18n/use-i18n';
import { howtoVideos, type HowtoVideo } from '@/features/howto/lib/videos';

/** How-to (spec section 2): five videos, each played in a modal. */
export function HowtoPage() {
  const { t } = useI18n();
  const [playing, setPlaying] = useState<HowtoVideo | null>(null);

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
            >
              <img
                className="video-card__poster"
                src={item.poster}
                alt=""
                width={160}
                height={90}
              />
              <span className="video-card__play" aria-hidden="true">
                <PlayCircleIcon width={28} height={28} />
              </span>
              <span className="video-card__title">{t(item.titleKey)}</span>
            </button>
          </li>
        ))}
      </ul>
      {playing ? (
        <Dialog title={t(playing.titleKey)} onClose={() => setPlaying(null)} testId="howto-dialog">
          <video
            className="video-player"
            src={playing.src}
            poster={playing.poster}
            controls
            autoPlay
            playsInline
            preload="metadata"
            data-autofocus
          />
        </Dialog>
      ) : null}
    </section>
  );
}
