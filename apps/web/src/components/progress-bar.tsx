import './progress-bar.css';

/**
 * A labelled progress bar (role=progressbar with its values): `percent` 0-100, and the
 * text a screen reader reads for the value (e.g. "฿1,200.00 of ฿3,000.00").
 */
export function ProgressBar({
  percent,
  label,
  valueText,
  testId,
}: {
  percent: number;
  label: string;
  valueText: string;
  testId?: string;
}) {
  const value = Math.max(0, Math.min(100, Math.floor(percent)));
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={valueText}
      data-testid={testId}
    >
      <div className="progress__fill" style={{ width: `${value}%` }} />
    </div>
  );
}
