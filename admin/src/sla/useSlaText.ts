import { useTranslate } from 'react-admin';
import { slaEn } from './screens.en';

/** A text of the SLA screens (`sla-policies.fields.name`): the catalogue's, else the English one of slaEn. */
export function useSlaText() {
  const translate = useTranslate();
  return (key: string) => {
    const english = key.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown>)?.[part], slaEn);
    return translate(`resources.${key}`, { _: typeof english === 'string' ? english : key, smart_count: 2 });
  };
}
