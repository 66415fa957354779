import { useEffect } from 'react';
import { useI18n, type MessageKey } from '../i18n';

/** The tab title follows the page and the language. */
export function usePageTitle(key: MessageKey) {
  const { t } = useI18n();
  const title = t(key);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
