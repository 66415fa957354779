import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, getDownloadHistory, noticeFor, requestDownload, saveFile, type DownloadPage } from '../api';
import { DownloadHistory } from '../components/DownloadHistory';
import { NoticeBox } from '../components/NoticeBox';
import { useI18n } from '../i18n';
import type { Notice } from '../notice';
import { navigate, trackPath } from '../router';
import { forgetToken, readToken } from '../session';
import { usePageTitle } from './usePageTitle';

/** The download starts one second after a successful document request. */
const DOWNLOAD_DELAY_MS = 1000;

/** /get-new-order-details/{orderId}: the document, Download Now and the Downloaded History. */
export function OrderDetails({ orderId }: { orderId: number }) {
  const { t } = useI18n();
  usePageTitle('detailsTitle');
  const [page, setPage] = useState<DownloadPage | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  /** Back to the track page, e.g. when the 30-minute visitor token has run out. */
  const trackAgain = useCallback(
    (reason: Notice) => {
      forgetToken(orderId);
      navigate(trackPath(orderId), reason);
    },
    [orderId],
  );

  const load = useCallback(async () => {
    const token = readToken(orderId);
    if (!token) return trackAgain({ tone: 'info', key: 'sessionExpired' });
    try {
      setPage(await getDownloadHistory(orderId, token));
    } catch (error) {
      if (error instanceof ApiError && (error.status === 403 || error.status === 404)) {
        trackAgain(noticeFor(error, 'notFound'));
      } else {
        setNotice(noticeFor(error, 'notFound'));
      }
    }
  }, [orderId, trackAgain]);

  useEffect(() => {
    void load();
    return () => window.clearTimeout(timer.current);
  }, [load]);

  const file1 = page?.path?.file1;

  const download = async () => {
    const token = readToken(orderId);
    if (!file1 || !token) return;
    setBusy(true);
    setNotice({ tone: 'info', key: 'downloadPreparing' });
    let link: { url: string; fileName: string };
    try {
      link = await requestDownload(orderId, token, file1, page?.mainResult.full_name ?? '');
    } catch (error) {
      setNotice(noticeFor(error, 'documentGone'));
      setBusy(false);
      return;
    }
    setNotice({ tone: 'info', key: 'downloadStarting' });
    void load();
    timer.current = window.setTimeout(async () => {
      try {
        await saveFile(link.url, link.fileName);
        setNotice({ tone: 'success', key: 'downloadDone', params: { fileName: link.fileName } });
      } catch (error) {
        // The old system only logs this; the visitor is told what happened and what to do.
        console.error('Download failed', error);
        const expired = error instanceof ApiError && error.status === 403;
        setNotice({ tone: 'error', key: expired ? 'downloadLinkExpired' : 'downloadFailed' });
      } finally {
        setBusy(false);
      }
    }, DOWNLOAD_DELAY_MS);
  };

  return (
    <>
      <section className="card" aria-labelledby="page-title">
        <h1 id="page-title" tabIndex={-1}>
          {!page ? t('detailsTitle') : file1 ? t('successTitle') : t('notReadyTitle')}
        </h1>
        <p>{!page ? t('loading') : file1 ? t('successText') : t('notReadyText')}</p>
        {page && (
          <dl className="order-summary">
            <div>
              <dt>{t('orderIdLabel')}</dt>
              <dd data-testid="order-id">{page.mainResult.order_id}</dd>
            </div>
            <div>
              <dt>{t('nameLabel')}</dt>
              <dd>{page.mainResult.full_name}</dd>
            </div>
          </dl>
        )}
        <button type="button" className="primary" disabled={!file1 || busy} onClick={download}>
          {t('downloadNow')}
        </button>
        <NoticeBox notice={notice} testId="download-notice" />
        {notice?.tone === 'error' && (
          <p>
            <a href={trackPath(orderId)}>{t('trackAgain')}</a>
          </p>
        )}
      </section>
      <DownloadHistory rows={page?.data ?? null} />
    </>
  );
}
