// Keeping the inbox current (decision 0097): the list and the open thread are refetched every
// 10 s; the document title carries the unread count `(3) …`, and a new customer message
// sounds a short WebAudio beep (no audio file).
import { useEffect } from 'react';
import { useI18n } from '@/i18n/i18n';

export const POLL_MS = 10_000;

export interface ChatLive {
  /** Whether new messages arrive by themselves (a live socket). */
  connected: boolean;
  /** How often the list and the thread are fetched again; false when live. */
  pollMs: number | false;
}

export function useChatLive(_conversationId: string | undefined): ChatLive {
  return { connected: false, pollMs: POLL_MS };
}

/** `(3) Support chat · Wallet Console` while this page is open and messages are unread. */
export function useTitleBadge(unread: number): void {
  const { t } = useI18n();
  useEffect(() => {
    const before = document.title;
    const title = `${t('chat.title')} · ${t('app.name')}`;
    document.title = unread > 0 ? t('chat.titleBadge', { count: unread, title }) : title;
    return () => {
      document.title = before;
    };
  }, [unread, t]);
}

let audio: AudioContext | null = null;

/** A short, quiet beep (880 Hz, 150 ms). Silent where the browser blocks or lacks audio. */
export function beep(): void {
  try {
    const Context =
      globalThis.AudioContext ??
      (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    audio ??= new Context();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.15);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.16);
  } catch {
    /* no sound: the title still counts */
  }
}
