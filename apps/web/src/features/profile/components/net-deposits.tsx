import { htmlLang } from '@/i18n/i18n';
import { useI18n } from '@/i18n/use-i18n';
import { formatAmount } from '@/lib/money';
import { useNetDeposits } from '@/features/profile/api/get-net-deposits';
import { monthLabel } from '@/features/profile/lib/net-deposits';

const signed = (amount: number) => `${amount < 0 ? '−' : ''}฿${formatAmount(Math.abs(amount))}`;

/** Net deposits (issue 28): deposited minus withdrawn, since joining and per month. */
export function NetDepositsCard() {
  const { t, locale } = useI18n();
  const net = useNetDeposits();
  if (net.isPending) return null;
  if (net.isError)
    return (
      <div className="card">
        <p className="muted" data-testid="net-deposits-error">
          {t('netDeposits.loadFailed')}
        </p>
      </div>
    );
  const data = net.data;
  return (
    <section
      className="card net-deposits"
      aria-labelledby="net-deposits-title"
      data-testid="net-deposits"
    >
      <h2 id="net-deposits-title" className="net-deposits__title">
        {t('netDeposits.title')}
      </h2>
      <p className="muted">{t('netDeposits.hint')}</p>
      <dl className="details">
        <div className="detail-row">
          <dt>{t('netDeposits.lifetime')}</dt>
          <dd className="mono" data-testid="net-deposits-lifetime">
            {signed(data.lifetime)}
          </dd>
        </div>
      </dl>
      {data.months.length > 0 ? (
        <table className="net-deposits__months" data-testid="net-deposits-months">
          <thead>
            <tr>
              <th scope="col">{t('netDeposits.month')}</th>
              <th scope="col">{t('netDeposits.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {data.months.map((row) => (
              <tr key={row.month} data-testid="net-deposits-month">
                <th scope="row">{monthLabel(row.month, htmlLang[locale])}</th>
                <td className="mono">{signed(row.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
