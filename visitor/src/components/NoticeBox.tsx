import { useI18n } from '../i18n';
import type { Notice } from '../notice';

/** A message for the visitor in a live region that is always there, so screen readers announce it. */
export function NoticeBox({ notice, testId }: { notice: Notice | null | undefined; testId?: string }) {
  const { t } = useI18n();
  return (
    <div aria-live="polite" data-testid={testId}>
      {notice && (
        <p className={`notice notice-${notice.tone}`} role={notice.tone === 'error' ? 'alert' : undefined}>
          {notice.key ? t(notice.key, notice.params) : notice.text}
        </p>
      )}
    </div>
  );
}
