import { formatDate, formatDateTime } from '@/lib/format';

interface DateTimeProps {
  /** An ISO timestamp (or epoch ms) from the API. */
  value: string | number;
  /** Show the day only (`dd/MM/yyyy`). */
  dateOnly?: boolean;
}

/** A moment on Bangkok time, `dd/MM/yyyy HH:mm`, in a <time> carrying the exact instant. */
export function DateTime({ value, dateOnly = false }: DateTimeProps) {
  const date = new Date(value);
  const valid = !Number.isNaN(date.getTime());
  return (
    <time dateTime={valid ? date.toISOString() : undefined} style={{ whiteSpace: 'nowrap' }}>
      {dateOnly ? formatDate(value) : formatDateTime(value)}
    </time>
  );
}
