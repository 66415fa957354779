/** A mail template as /api/mail-templates answers it. */
export interface MailTemplateRow {
  id: number;
  key: string;
  language: string;
  brand: string;
  subject: string;
  body: string;
  version: number;
  updated_at: string;
}

/** Select choices whose label is the value itself (language codes, brand ids). */
export const choicesOf = (values: readonly string[]) => values.map((value) => ({ id: value, name: value }));
