import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getQr, type QrState } from '@/features/deposit/api/get-qr';

/** How often an open QR view asks whether its QR was paid (decision 0054). */
export const QR_PAID_POLL_MS = 3000;

/**
 * While an open QR is on screen, asks for the bank's QR state every few seconds (and when
 * the page comes back to the front, as after paying in a banking app). `onChange` runs once
 * the answer is no longer this open QR: paid, cancelled elsewhere, expired or replaced.
 * A failed poll changes nothing; the next one tries again.
 */
export function useQrPaymentWatch(
  bank: string,
  open: QrState,
  receivedAt: number,
  onChange: (answer: QrState) => void,
): void {
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);
  const watch = useQuery({
    queryKey: ['qr-watch', bank, open.qrcodeId],
    queryFn: () => getQr(bank),
    // The view already holds this answer: the first ask comes one interval later.
    initialData: open,
    initialDataUpdatedAt: receivedAt,
    staleTime: QR_PAID_POLL_MS,
    gcTime: 0,
    retry: false,
    refetchInterval: QR_PAID_POLL_MS,
    refetchOnWindowFocus: true,
  });
  const answer = watch.data;
  useEffect(() => {
    if (answer === open) return;
    if (answer.hasQrcode && answer.qrcodeId === open.qrcodeId) return;
    changed.current(answer);
  }, [answer, open]);
}
