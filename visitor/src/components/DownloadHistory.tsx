import type { DownloadRow } from '../api';
import { useI18n, type MessageKey } from '../i18n';
import { formatHistoryTime } from '../time';

const COLUMNS: MessageKey[] = [
  'colIndex',
  'colOrderId',
  'colDate',
  'colIp',
  'colDevice',
  'colDeviceType',
  'colBrowser',
  'colOs',
  'colLocation',
];

/** Words the server stores in English that the visitor reads in their language. */
const VALUE_KEYS: Record<string, MessageKey> = {
  mobile: 'valueMobile',
  tablet: 'valueTablet',
  desktop: 'valueDesktop',
  Desktop: 'valueDesktop',
  Unknown: 'valueUnknown',
  'Private network': 'valuePrivateNetwork',
};

/** The Downloaded History table, times as MM/DD/YYYY h:mm:ss AM in the visitor's zone, named (EDT, EST…). */
export function DownloadHistory({ rows }: { rows: DownloadRow[] | null }) {
  const { t } = useI18n();
  const value = (text: string | null) => (text && VALUE_KEYS[text] ? t(VALUE_KEYS[text]) : (text ?? ''));
  return (
    <section className="card" aria-labelledby="history-title">
      <h2 id="history-title">{t('historyTitle')}</h2>
      {/* A focusable region, so keyboard users can scroll the wide table on a phone. */}
      <div className="table-scroll" role="region" aria-labelledby="history-title" tabIndex={0}>
        <table data-testid="download-history">
          <thead>
            <tr>
              {COLUMNS.map((key) => (
                <th key={key} scope="col">
                  {t(key)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows === null ? (
              <tr>
                <td colSpan={COLUMNS.length}>{t('loading')}</td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={COLUMNS.length}>{t('noRecord')}</td>
              </tr>
            ) : (
              rows.map((row, index) => (
                <tr key={row.id}>
                  <td>{index + 1}</td>
                  <td>{row.order_id}</td>
                  <td>{formatHistoryTime(row.create_ts)}</td>
                  <td>{row.ip}</td>
                  <td>{value(row.device)}</td>
                  <td>{value(row.device_type)}</td>
                  <td>{row.browser}</td>
                  <td>{row.os}</td>
                  <td>{[row.city, value(row.location)].filter(Boolean).join(', ')}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {/* The location database's licence (CC BY 4.0) asks for this credit where its results are shown. */}
      <p className="attribution">
        <a href="https://db-ip.com">IP Geolocation by DB-IP</a>
      </p>
    </section>
  );
}
