import type { Knex } from 'knex';
import { DEFAULT_MAIL_BRAND, DEFAULT_MAIL_LANGUAGE } from '@app/domain';

/** One stored mail template. */
export interface MailTemplateRow {
  id: number;
  template_key: string;
  language: string;
  brand: string;
  subject: string;
  body: string;
  version: number;
  updated_at: string;
}

/** The words of a template, as saved and as each version keeps them. */
export interface TemplateText {
  subject: string;
  body: string;
}

const COLUMNS = ['id', 'template_key', 'language', 'brand', 'subject', 'body', 'version', 'updated_at'];

export const listTemplates = (db: Knex): Promise<MailTemplateRow[]> =>
  db('mail_templates').select(COLUMNS).orderBy('id');

export const findTemplate = (db: Knex, id: number): Promise<MailTemplateRow | undefined> =>
  db('mail_templates').where({ id }).first(COLUMNS);

export const findTemplateByName = (
  db: Knex,
  name: { key: string; language: string; brand: string },
): Promise<MailTemplateRow | undefined> =>
  db('mail_templates').where({ template_key: name.key, language: name.language, brand: name.brand }).first(COLUMNS);

/**
 * The template of a mail in a language and brand, falling back to the default brand's in that
 * language, then to English in the brand, then to the default brand's English.
 */
export async function templateFor(
  db: Knex,
  key: string,
  language: string,
  brand: string,
): Promise<MailTemplateRow | undefined> {
  const candidates: MailTemplateRow[] = await db('mail_templates')
    .where({ template_key: key })
    .whereIn('language', [language, DEFAULT_MAIL_LANGUAGE])
    .whereIn('brand', [brand, DEFAULT_MAIL_BRAND])
    .select(COLUMNS);
  const rank = (t: MailTemplateRow) => (t.language === language ? 0 : 2) + (t.brand === brand ? 0 : 1);
  return candidates.sort((a, b) => rank(a) - rank(b))[0];
}

/** Adds a template with its first version; answers its id. */
export async function insertTemplate(
  trx: Knex.Transaction,
  name: { key: string; language: string; brand: string },
  text: TemplateText,
  by: { id: number; now: string },
): Promise<number> {
  await trx('mail_templates').insert({
    template_key: name.key,
    language: name.language,
    brand: name.brand,
    ...text,
    version: 1,
    updated_at: by.now,
    updated_by_id: by.id,
  });
  const { id } = (await findTemplateByName(trx, name))!;
  await insertVersion(trx, id, 1, text, by);
  return id;
}

/**
 * Saves new words as the next version, only if the template is still at `version` (a concurrent save
 * makes it stale); answers whether it was saved.
 */
export async function saveTemplateVersion(
  trx: Knex.Transaction,
  template: { id: number; version: number },
  text: TemplateText,
  by: { id: number; now: string },
): Promise<boolean> {
  const next = template.version + 1;
  const saved = await trx('mail_templates')
    .where({ id: template.id, version: template.version })
    .update({ ...text, version: next, updated_at: by.now, updated_by_id: by.id });
  if (saved !== 1) return false;
  await insertVersion(trx, template.id, next, text, by);
  return true;
}

const insertVersion = (
  trx: Knex.Transaction,
  templateId: number,
  version: number,
  text: TemplateText,
  by: { id: number; now: string },
) =>
  trx('mail_template_versions').insert({
    template_id: templateId,
    version,
    subject: text.subject,
    body: text.body,
    created_at: by.now,
    created_by_id: by.id,
  });

export async function deleteTemplate(trx: Knex.Transaction, id: number) {
  await trx('mail_template_versions').where({ template_id: id }).del();
  await trx('mail_templates').where({ id }).del();
}

/** A template's saved versions, newest first, with who saved each. */
export const listVersions = (db: Knex, templateId: number) =>
  db('mail_template_versions as v')
    .leftJoin('team_members as m', 'm.id', 'v.created_by_id')
    .where('v.template_id', templateId)
    .orderBy('v.version', 'desc')
    .select('v.version', 'v.subject', 'v.body', 'v.created_at', 'm.name as created_by') as Promise<
    Array<TemplateText & { version: number; created_at: string; created_by: string | null }>
  >;

export const findVersion = (db: Knex, templateId: number, version: number): Promise<TemplateText | undefined> =>
  db('mail_template_versions').where({ template_id: templateId, version }).first('subject', 'body');
