import type { Locale } from '@wallet/contract/client';
import type { MessageKey } from '@/i18n/types';

// The five how-to videos of spec section 2: screen recordings of this app doing each task,
// one per language, made by `npm run howto:record` from the e2e how-to steps and committed
// in public/howto/<locale>/ (decision 0060).
export interface HowtoVideo {
  id: string;
  titleKey: MessageKey;
  /** The feature is not built yet: the video shows what the app has today (promotions). */
  preview: boolean;
}

export const howtoVideos: readonly HowtoVideo[] = [
  { id: 'wallet', titleKey: 'howto.wallet', preview: false },
  { id: 'enter-game', titleKey: 'howto.enterGame', preview: false },
  { id: 'check-balance', titleKey: 'howto.checkBalance', preview: false },
  { id: 'receive-bonus', titleKey: 'howto.receiveBonus', preview: true },
  { id: 'end-bonus', titleKey: 'howto.endBonus', preview: true },
];

/** The recording (H.264 MP4) and its poster in the page's language. */
export function videoFiles(id: string, locale: Locale): { src: string; poster: string } {
  return { src: `/howto/${locale}/${id}.mp4`, poster: `/howto/${locale}/${id}.jpg` };
}
