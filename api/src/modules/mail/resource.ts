import { tableRepository } from '../../db/list.js';
import type { ResourceRepository } from '../../core/resources.js';
import { mailRecords } from './repo.js';

/** mails: Email History, read-only (mails are queued by the actions that send them). */
export const mailsRepository: ResourceRepository = { list: tableRepository(mailRecords).list };
