import type { MessageKey } from '@/i18n/types';

// The five how-to videos of spec section 2. The files are small local placeholders in
// public/howto/ (no external URLs); the operator can replace them with real recordings.
export interface HowtoVideo {
  id: string;
  titleKey: MessageKey;
  src: string;
  poster: string;
}

const video = (id: string, titleKey: MessageKey): HowtoVideo => ({
  id,
  titleKey,
  src: `/howto/${id}.webm`,
  poster: `/howto/${id}.svg`,
});

export const howtoVideos: readonly HowtoVideo[] = [
  video('wallet', 'howto.wallet'),
  video('enter-game', 'howto.enterGame'),
  video('check-balance', 'howto.checkBalance'),
  video('receive-bonus', 'howto.receiveBonus'),
  video('end-bonus', 'howto.endBonus'),
];
