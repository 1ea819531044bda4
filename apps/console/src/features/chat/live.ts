// Keeping the inbox current (decision 0097, "Live updates"): the Chat section opens one live
// socket for the signed-in session (./live-socket.ts) and shares its state through
// ChatLiveContext. While it is live nothing polls; while it is connecting, reconnecting or
// off, the list and the open thread are fetched again every 10 s. The document title carries
// the unread count `(3) …`, and a new customer message sounds a short WebAudio beep (no audio
// file).
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { useI18n } from '@/i18n/i18n';
import { useSession } from '@/lib/session';
import {
  connectInboxSocket,
  InboxLive,
  type InboxSocketFactory,
  type LiveStatus,
} from './live-socket';

export const POLL_MS = 10_000;

export interface ChatLive {
  status: LiveStatus;
  /** Whether new messages arrive by themselves (a live socket). */
  connected: boolean;
  /** How often the list and the thread are fetched again; false when live. */
  pollMs: number | false;
}

export function liveOf(status: LiveStatus): ChatLive {
  const connected = status === 'live';
  return { status, connected, pollMs: connected ? false : POLL_MS };
}

/** Without a provider (tests of a single component): polling. */
export const ChatLiveContext = createContext<ChatLive>(liveOf('off'));

/** The section's live state, as the page's provider shares it. */
export function useChatLive(): ChatLive {
  return useContext(ChatLiveContext);
}

/**
 * The one socket of the Chat section for the signed-in session: opened when the section
 * mounts, closed when it unmounts or the session ends (sign-out, idle timeout) or changes.
 */
export function useInboxLive(connect: InboxSocketFactory = connectInboxSocket): ChatLive {
  const session = useSession();
  const client = useQueryClient();
  const token = session?.token;
  const me = session?.operator.id;
  const [status, setStatus] = useState<LiveStatus>(token ? 'connecting' : 'off');
  useEffect(() => {
    if (!token) {
      setStatus('off');
      return;
    }
    const live = new InboxLive({ token, me, client, connect, onCustomerMessage: beep });
    setStatus(live.status);
    const unsubscribe = live.subscribe(() => setStatus(live.status));
    void live.start();
    return () => {
      unsubscribe();
      live.stop();
    };
  }, [token, me, client, connect]);
  return useMemo(() => liveOf(status), [status]);
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
