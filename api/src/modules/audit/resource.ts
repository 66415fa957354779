import { mayReadField, type Registry } from '@app/domain';
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

/** audit-events: the Audit Log, read-only. */
export const auditEventsRepository: ResourceRepository = {
  async list(ctx, query) {
    const { rows, total } = await auditTable.list(ctx, query);
    return { rows: rows.map(withoutUnreadableValues(ctx.app.registry, ctx.member)), total };
  },
};
