import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from './en';

/** French loads when chosen: most members never do, and the first screen waits for nothing but English. */
export const i18nProvider = polyglotI18nProvider(
  (locale) => (locale === 'fr' ? import('./fr').then((m) => m.fr) : en),
  'en',
  [
    { locale: 'en', name: 'English' },
    { locale: 'fr', name: 'Français' },
  ],
);
