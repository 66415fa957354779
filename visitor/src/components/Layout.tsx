import type { ReactNode } from 'react';
import { copyrightLine, type Brand } from '@app/domain/brands';
import { useI18n, type MessageKey } from '../i18n';
import { LanguagePicker } from './LanguagePicker';

/** Catalogue keys of the brand navigation labels (domain/brands.ts). */
const NAV_KEYS: Record<string, MessageKey> = {
  Home: 'navHome',
  'Apply Now': 'navApply',
  'Additional Benefits': 'navBenefits',
  'Terms & Conditions': 'navTerms',
  'Privacy Policy': 'navPrivacy',
  'Refund Policy': 'navRefund',
  'Contact Us': 'navContact',
};

const FOOTER_KEYS: Record<Brand['id'], MessageKey> = { main: 'footerMain', partner: 'footerPartner' };

/** Translation bar, brand header and footer around a page. */
export function Layout({ brand, host, children }: { brand: Brand; host: string; children: ReactNode }) {
  const { t } = useI18n();
  const label = (text: string) => (NAV_KEYS[text] ? t(NAV_KEYS[text]) : text);
  return (
    <div className={`site brand-${brand.id}`}>
      <a className="skip-link" href="#main">
        {t('skipLink')}
      </a>
      <div className="translation-bar">
        <LanguagePicker />
      </div>
      <header className="site-header">
        <a className="logo" href={brand.navigation[0]?.href} data-testid="brand-logo">
          <img src={brand.logo} alt={brand.name} width={200} height={48} />
        </a>
        <nav aria-label={t('siteNavigation')}>
          <ul>
            {brand.navigation.map((link) => (
              <li key={link.href}>
                <a href={link.href} rel="noopener">
                  {label(link.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <p>{t(FOOTER_KEYS[brand.id])}</p>
        <p data-testid="copyright">{copyrightLine(host)}</p>
      </footer>
    </div>
  );
}
