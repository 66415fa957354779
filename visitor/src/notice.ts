import type { MessageKey, Params } from './i18n';

/**
 * A message for the visitor, kept as a catalogue key so that it follows a language switch; `text`
 * is a server message we have no translation for.
 */
export interface Notice {
  tone: 'error' | 'info' | 'success';
  key?: MessageKey;
  params?: Params;
  text?: string;
}
