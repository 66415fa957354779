import { tableRepository } from '../../db/list.js';
import { integerId, pageInMemory, type ResourceRepository } from '../../core/resources.js';
import { mailRecords } from './repo.js';
import { createTemplate, removeTemplate, templateRecords, updateTemplate } from './templateService.js';

/** mails: Email History, read-only (mails are queued by the actions that send them). */
export const mailsRepository: ResourceRepository = { list: tableRepository(mailRecords).list };

/** mail-templates: a few dozen records, paged in memory; every save is checked and kept as a version. */
export const mailTemplatesRepository: ResourceRepository = {
  list: async ({ app }, query) => pageInMemory(await templateRecords(app), query),
  one: async ({ app }, id) => {
    const wanted = integerId(id);
    return (await templateRecords(app)).find((record) => record.id === wanted);
  },
  create: { run: ({ app, member }, body) => createTemplate(app, member, body) },
  update: { run: ({ app, member }, id, body) => updateTemplate(app, member, integerId(id), body) },
  remove: ({ app, member }, id) => removeTemplate(app, member, integerId(id)),
};
