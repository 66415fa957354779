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
