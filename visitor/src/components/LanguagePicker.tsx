import { LANGUAGES, useI18n, type Language } from '../i18n';

/** The translation bar's picker: every visitor text follows it, and the choice is remembered. */
export function LanguagePicker() {
  const { language, setLanguage, t } = useI18n();
  return (
    <label className="language-picker">
      <span>{t('languageLabel')}</span>
      <select value={language} onChange={(event) => void setLanguage(event.target.value as Language)}>
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}
