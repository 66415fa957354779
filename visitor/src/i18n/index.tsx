import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { en, type Catalogue, type MessageKey } from './en';

export type { MessageKey } from './en';

/** The languages of the translation bar (docs/product.md#visitor-area), each named in itself. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'th', name: 'ไทย' },
  { code: 'zh', name: '中文' },
  { code: 'ja', name: '日本語' },
  { code: 'ko', name: '한국어' },
  { code: 'ru', name: 'Русский' },
  { code: 'fr', name: 'Français' },
  { code: 'de', name: 'Deutsch' },
  { code: 'es', name: 'Español' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

const STORAGE_KEY = 'visitor.language';

/** A catalogue with the font faces its script needs where the machine has none (loaded before it draws). */
const withFonts = <T,>(catalogue: Promise<T>, fonts: Promise<unknown>) =>
  Promise.all([catalogue, fonts]).then(([loaded]) => loaded);

// English ships with the app; the others load when chosen, to keep the first download small.
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<{ default: Catalogue }>> = {
  th: () => withFonts(import('./th'), import('./fonts/th.css')),
  zh: () => withFonts(import('./zh'), import('./fonts/zh.css')),
  ja: () => withFonts(import('./ja'), import('./fonts/ja.css')),
  ko: () => withFonts(import('./ko'), import('./fonts/ko.css')),
  ru: () => import('./ru'),
  fr: () => import('./fr'),
  de: () => import('./de'),
  es: () => import('./es'),
};

const isLanguage = (value: unknown): value is Language => LANGUAGES.some((l) => l.code === value);

/** The remembered choice, else the browser's first language we have, else English. */
export function preferredLanguage(): Language {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage can be blocked (private modes); the choice then lasts for the page only.
  }
  if (isLanguage(stored)) return stored;
  const browser = navigator.languages.map((tag) => tag.slice(0, 2).toLowerCase()).find(isLanguage);
  return browser ?? 'en';
}

export const loadCatalogue = async (language: Language): Promise<Catalogue> =>
  language === 'en' ? en : (await LOADERS[language]()).default;

export type Params = Record<string, string | number>;
type Translate = (key: MessageKey, params?: Params) => string;

interface I18n {
  language: Language;
  t: Translate;
  setLanguage(language: Language): Promise<void>;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({
  initial,
  children,
}: {
  initial: { language: Language; catalogue: Catalogue };
  children: ReactNode;
}) {
  const [current, setCurrent] = useState(initial);

  useEffect(() => {
    document.documentElement.lang = current.language;
  }, [current.language]);

  const setLanguage = useCallback(async (language: Language) => {
    const catalogue = await loadCatalogue(language);
    setCurrent({ language, catalogue });
    try {
      localStorage.setItem(STORAGE_KEY, language);
    } catch {
      // See preferredLanguage.
    }
  }, []);

  const value = useMemo<I18n>(
    () => ({
      language: current.language,
      setLanguage,
      t: (key, params) =>
        (current.catalogue[key] ?? en[key]).replace(/\{(\w+)\}/g, (all, name: string) =>
          params && name in params ? String(params[name]) : all,
        ),
    }),
    [current, setLanguage],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n needs an I18nProvider');
  return i18n;
}
