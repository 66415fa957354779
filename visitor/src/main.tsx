import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { I18nProvider, loadCatalogue, preferredLanguage, type Language } from './i18n';
import './styles.css';

/** Renders once the remembered language's texts are in, so the page never flashes English first. */
async function start() {
  let language: Language = preferredLanguage();
  let catalogue;
  try {
    catalogue = await loadCatalogue(language);
  } catch {
    language = 'en';
    catalogue = await loadCatalogue(language);
  }
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nProvider initial={{ language, catalogue }}>
        <App />
      </I18nProvider>
    </StrictMode>,
  );
}

void start();
