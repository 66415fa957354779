import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import {
  BUILT_IN_MAIL_KEYS,
  DEFAULT_MAIL_BRAND,
  DEFAULT_MAIL_LANGUAGE,
  DEFAULT_MAIL_PROVIDER,
  MAIN_BRAND,
  nowUtc,
} from '@app/domain';
import { badRequest, conflict, notFound } from '../../http.js';
import type { Row } from '../../core/resources.js';
import type { Member } from '../../types.js';
import { recordAudit } from '../audit/service.js';
import { liquidProblem, type MailVariables } from './liquid.js';
import { enqueueMail } from './outbox.js';
import {
  deleteTemplate,
  findTemplate,
  findTemplateByName,
  findVersion,
  insertTemplate,
  listTemplates,
  listVersions,
  saveTemplateVersion,
  type MailTemplateRow,
  type TemplateText,
} from './templateRepo.js';
import { renderOrderMail, type RenderedMail } from './templates.js';

/**
 * Mail templates as Admins keep them (/api/mail-templates): every save checked by rendering it,
 * kept as a new version; a preview and a test send on a real order.
 */

/** A template as a record of the resource. */
export type MailTemplateRecord = {
  id: number;
  key: string;
  language: string;
  brand: string;
  subject: string;
  body: string;
  version: number;
  updated_at: string;
};

export const templateRecord = (t: MailTemplateRow): MailTemplateRecord => ({
  id: t.id,
  key: t.template_key,
  language: t.language,
  brand: t.brand,
  subject: t.subject,
  body: t.body,
  version: Number(t.version),
  updated_at: t.updated_at,
});

export const templateRecords = async (app: FastifyInstance) => (await listTemplates(app.db)).map(templateRecord);

/** A sample order every value of which is set, so that a save renders each conditional's filled branch. */
const SAMPLE: MailVariables = {
  order_id: 1234567,
  first_name: 'Somchai',
  last_name: 'Jaidee',
  full_name: 'Somchai Jaidee',
  email: 'customer@example.com',
  track_url: 'https://admin.example.com/track-order/abc123',
  brand_name: MAIN_BRAND.name,
  support_email: MAIN_BRAND.supportEmail,
  country_name: 'Thailand',
  amount: '49.00 USD',
  currency: 'USD',
  order_date: '1 March 2026',
  paid_on: '1 March 2026',
  refund_date: '3 March 2026',
  mail_date: '3 March 2026',
  message: 'Please send a clearer photo of your passport.',
};

/** Refuses words that do not parse, use a variable outside the allow-list or fail to render, naming the problem. */
async function checkText(text: TemplateText) {
  for (const part of ['subject', 'body'] as const) {
    const problem = await liquidProblem(text[part], SAMPLE);
    if (problem) throw badRequest(`The ${part} cannot be used: ${problem}.`);
  }
}

async function templateOf(app: FastifyInstance, id: number) {
  const template = await findTemplate(app.db, id);
  if (!template) throw notFound('Mail template not found.');
  return template;
}

const editor = (member: Member) => ({ id: member.id, now: nowUtc() });

/** The audit event of a change of a template: which one, and its version after (null: removed). */
const audit = (
  trx: Knex.Transaction,
  member: Member,
  template: { id: number; key: string; language: string; brand: string },
  version: number | null,
) => {
  const { id, key, language, brand } = template;
  const detail = JSON.stringify({ id, key, language, brand, version });
  return recordAudit(trx, member, [{ action: 'config-mail-template', detail }]);
};

const textOf = (body: Row): TemplateText => ({ subject: String(body.subject), body: String(body.body) });

export async function createTemplate(app: FastifyInstance, member: Member, body: Row) {
  const name = { key: String(body.key), language: String(body.language), brand: String(body.brand) };
  const text = textOf(body);
  await checkText(text);
  const id = await app.db.transaction(async (trx) => {
    if (await findTemplateByName(trx, name))
      throw conflict(`The ${name.language} template of "${name.key}" for brand ${name.brand} exists already.`);
    const fallback = { key: name.key, language: DEFAULT_MAIL_LANGUAGE, brand: DEFAULT_MAIL_BRAND };
    const isFallback = name.language === fallback.language && name.brand === fallback.brand;
    if (!isFallback && !(await findTemplateByName(trx, fallback)))
      throw badRequest(
        `Add the ${fallback.language} template of "${name.key}" for brand ${fallback.brand} first: the others fall back to it.`,
      );
    const id = await insertTemplate(trx, name, text, editor(member));
    await audit(trx, member, { id, ...name }, 1);
    return id;
  });
  return templateRecord((await findTemplate(app.db, id))!);
}

/** Saves new words as the next version; `version`, when given, is the one the Admin edited (409 if it moved on). */
export async function updateTemplate(app: FastifyInstance, member: Member, id: number, body: Row) {
  const template = await templateOf(app, id);
  const record = templateRecord(template);
  for (const part of ['key', 'language', 'brand'] as const)
    if (body[part] !== undefined && body[part] !== record[part])
      throw badRequest(`${part} names the template and cannot change: add a template instead.`);
  if (body.version !== undefined && body.version !== record.version)
    throw conflict('This template was saved by someone else since you opened it. Reload it and edit again.');
  return saveText(app, member, template, textOf(body));
}

async function saveText(app: FastifyInstance, member: Member, template: MailTemplateRow, text: TemplateText) {
  if (text.subject === template.subject && text.body === template.body) return templateRecord(template);
  await checkText(text);
  const version = Number(template.version);
  const saved = await app.db.transaction(async (trx) => {
    const done = await saveTemplateVersion(trx, { id: template.id, version }, text, editor(member));
    if (done) await audit(trx, member, templateRecord(template), version + 1);
    return done;
  });
  if (!saved) throw conflict('This template was saved by someone else meanwhile. Reload it and edit again.');
  return templateRecord(await templateOf(app, template.id));
}

/** Removes a template, never the default brand's English one of a mail the product sends or still has others. */
export async function removeTemplate(app: FastifyInstance, member: Member, id: number) {
  const template = await templateOf(app, id);
  if (template.language === DEFAULT_MAIL_LANGUAGE && template.brand === DEFAULT_MAIL_BRAND) {
    const others = (await listTemplates(app.db)).filter(
      (t) => t.template_key === template.template_key && t.id !== template.id,
    );
    if (others.length || (BUILT_IN_MAIL_KEYS as readonly string[]).includes(template.template_key))
      throw conflict('Every other template of this mail falls back to this one: it cannot be removed.');
  }
  await app.db.transaction(async (trx) => {
    await deleteTemplate(trx, id);
    await audit(trx, member, templateRecord(template), null);
  });
  return templateRecord(template);
}

export async function templateVersions(app: FastifyInstance, id: number) {
  await templateOf(app, id);
  return listVersions(app.db, id);
}

/** Restore: a version's words saved again, as the newest version. */
export async function restoreVersion(app: FastifyInstance, member: Member, id: number, version: number) {
  const template = await templateOf(app, id);
  const text = await findVersion(app.db, id, version);
  if (!text) throw notFound(`Version ${version} of this template was not found.`);
  return saveText(app, member, template, text);
}

/** The template (or its unsaved words) rendered on a real order, as that order's customer would get it. */
export async function previewTemplate(
  app: FastifyInstance,
  id: number,
  input: { orderId: number; subject?: string; body?: string },
): Promise<RenderedMail> {
  const template = await templateOf(app, id);
  const text = { subject: input.subject ?? template.subject, body: input.body ?? template.body };
  await checkText(text);
  const mail = await renderOrderMail(app.db, app.config, template.template_key, input.orderId, {
    template: text,
    mailDate: nowUtc(),
  });
  if (!mail) throw notFound('Order not found.');
  return mail.rendered;
}

/** Queues the template rendered on an order to the signed-in Admin, through the outbox like any mail. */
export async function sendTestMail(app: FastifyInstance, member: Member, id: number, orderId: number) {
  const template = await templateOf(app, id);
  const mail = await renderOrderMail(app.db, app.config, template.template_key, orderId, {
    template,
    mailDate: nowUtc(),
  });
  if (!mail) throw notFound('Order not found.');
  await enqueueMail(app.db, {
    orderId: null,
    kind: template.template_key,
    provider: DEFAULT_MAIL_PROVIDER,
    to: member.email,
    subject: `[Test] ${mail.rendered.subject}`.slice(0, 255),
    payload: { orderId, templateId: template.id },
    createdById: member.id,
  });
  return { to: member.email };
}
