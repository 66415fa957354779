import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from './en';
import { fr } from './fr';

export const i18nProvider = polyglotI18nProvider((locale) => (locale === 'fr' ? fr : en), 'en', [
  { locale: 'en', name: 'English' },
  { locale: 'fr', name: 'Français' },
]);
