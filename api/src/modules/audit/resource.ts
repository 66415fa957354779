import { can, mayReadField, type Registry } from '@app/domain';
import { tableRepository } from '../../db/list.js';
import type { ResourceRepository, Row } from '../../core/resources.js';
import type { Member } from '../../types.js';
import { auditRecords } from './repo.js';

const auditTable = tableRepository(auditRecords);

/** The field a custom value's event (action 'field', detail {field, from, to}) is about. */
function fieldOfEvent(row: Row): string | undefined {
  if (row.action !== 'field' || typeof row.detail !== 'string') return undefined;
  try {
    const field = (JSON.parse(row.detail) as { field?: unknown }).field;
    return typeof field === 'string' ? field : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A custom value's event keeps its row (who, when, which order and field) but not the values for a reader
 * whose role may not read the field, or when the field is removed: the trail must not be a way round
 * the field's readers.
 */
export function withoutUnreadableValues(registry: Registry, member: Pick<Member, 'type'>) {
  const readable = new Set(
    registry.orders!.fields.filter((f) => f.custom && mayReadField(f, member.type)).map((f) => f.source),
  );
  return (row: Row): Row => {
    const field = fieldOfEvent(row);
    if (field === undefined || readable.has(field)) return row;
    return { ...row, from_value: null, to_value: null, detail: JSON.stringify({ field, hidden: true }) };
  };
}

/**
 * A change of the configuration (actions config-field, config-queue, config-import) keeps its row but
 * not the definitions it records for a reader who may not see the configuration: a field's definition
 * names the roles it is hidden from, its choices and rules.
 */
export function withoutConfigurationFor(member: Pick<Member, 'type'>) {
  if (can(member.type, 'configuration.manage')) return (row: Row) => row;
  return (row: Row): Row =>
    String(row.action).startsWith('config-') ? { ...row, from_value: null, to_value: null, detail: null } : row;
}

/** audit-events: the Audit Log, read-only. */
export const auditEventsRepository: ResourceRepository = {
  async list(ctx, query) {
    const { rows, total } = await auditTable.list(ctx, query);
    const values = withoutUnreadableValues(ctx.app.registry, ctx.member);
    const configuration = withoutConfigurationFor(ctx.member);
    return { rows: rows.map((row) => configuration(values(row))), total };
  },
};
