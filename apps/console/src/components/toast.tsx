import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useI18n } from '@/i18n/i18n';
import './toast.css';

export type ToastKind = 'success' | 'error' | 'info';

interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

interface ToastApi {
  /** Shows a short message; errors stay until dismissed, the rest go after 5 s. */
  show: (text: string, kind?: ToastKind) => void;
}

const ToastContext = createContext<ToastApi | null>(null);
const LIFETIME_MS = 5000;
const marks: Record<ToastKind, string> = { success: '✓', error: '✕', info: 'i' };

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);
  const show = useCallback(
    (text: string, kind: ToastKind = 'success') => {
      const id = next.current++;
      setToasts((list) => [...list.slice(-3), { id, kind, text }]);
      if (kind !== 'error') setTimeout(() => dismiss(id), LIFETIME_MS);
    },
    [dismiss],
  );
  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="toasts" aria-label={t('toast.region')}>
        {/* Two live regions: errors interrupt (alert), the rest wait their turn (status). */}
        <div role="alert" className="toast-stack">
          {toasts
            .filter((toast) => toast.kind === 'error')
            .map((toast) => (
              <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
            ))}
        </div>
        <div role="status" className="toast-stack">
          {toasts
            .filter((toast) => toast.kind !== 'error')
            .map((toast) => (
              <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
            ))}
        </div>
      </section>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const { t } = useI18n();
  return (
    <div className={`toast toast-${toast.kind}`}>
      <span className="toast-mark" aria-hidden="true">
        {marks[toast.kind]}
      </span>
      <p>{toast.text}</p>
      <button
        type="button"
        className="toast-close"
        aria-label={t('toast.close')}
        onClick={() => onDismiss(toast.id)}
      >
        ×
      </button>
    </div>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider> above it');
  return api;
}
