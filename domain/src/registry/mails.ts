import { MAIL_PROVIDERS } from '../statuses.js';
import { historyFields, HISTORY_SORT } from './histories.js';
import type { ResourceDefinition } from './types.js';

const history = historyFields('mail_outbox');

/** Delivery states of the mail outbox. */
export const MAIL_STATES = ['queued', 'sending', 'sent', 'failed'] as const;

/** Email History: every mail of an order with its outbox state and the Message-ID the provider gave. */
export const mailsResource: ResourceDefinition = {
  name: 'mails',
  table: 'mail_outbox',
  idField: 'id',
  permissions: { list: 'orders.read' },
  fields: [
    history.id,
    history.seq,
    history.orderId,
    { source: 'kind', type: 'text', places: ['list'], filter: 'eq', index: history.byOrder },
    { source: 'provider', type: 'select', choices: MAIL_PROVIDERS, places: ['list'] },
    { source: 'to_email', type: 'email', places: ['list'] },
    { source: 'subject', type: 'text', places: ['list'] },
    { source: 'state', type: 'select', choices: MAIL_STATES, places: ['list'], filter: 'eq', index: history.byOrder },
    { source: 'attempts', type: 'number', places: ['list'] },
    { source: 'last_error', type: 'text', places: ['list'], roles: ['Admin', 'Manager'] },
    { source: 'message_id', type: 'text', places: ['list'] },
    { source: 'sent_at', type: 'datetime', places: ['list'] },
    // What the provider reported afterwards through its webhook: the first time of each.
    { source: 'provider_message_id', type: 'text', places: ['list'] },
    { source: 'delivered_at', type: 'datetime', places: ['list'] },
    { source: 'bounced_at', type: 'datetime', places: ['list'] },
    { source: 'bounce_reason', type: 'text', places: ['list'] },
    { source: 'complained_at', type: 'datetime', places: ['list'] },
    { source: 'opened_at', type: 'datetime', places: ['list'] },
    { source: 'clicked_at', type: 'datetime', places: ['list'] },
    // The document an approval mail carried (its download link), if any.
    { source: 'document_id', type: 'reference', reference: 'documents', places: [] },
    { source: 'file1', type: 'text', places: ['list'] },
    history.createdAt,
  ],
  defaultSort: HISTORY_SORT,
  requiredFilters: ['order_id'],
};
