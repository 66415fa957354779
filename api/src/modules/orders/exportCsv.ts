import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { csvSafe, englishLabel, mayReadField, type QueueDefinition } from '@app/domain';
import type { Row } from '../../core/resources.js';
import type { Member } from '../../types.js';
import { exportOrders, withAge, type OrdersListRequest } from './read.js';
import { orderForRole } from './visibleFields.js';

/**
 * A queue's CSV export streamed whole: the columns of the queue's table the member's role may read (custom
 * fields included), every cell formula-safe (domain csvSafe) and quoted, one batch of rows at a time.
 */

/** The export's columns: the queue table's fields (its column set) that the role may read, in registry order. */
export function exportColumns(app: FastifyInstance, member: Member, queue: QueueDefinition | undefined) {
  return (app.registry.orders?.fields ?? []).filter(
    (f) =>
      f.places.includes('list') &&
      mayReadField(f, member.type) &&
      (!queue || !f.columnSets || f.columnSets.includes(queue.columns)),
  );
}

const cell = (value: unknown) => {
  const safe = csvSafe(value);
  return typeof safe === 'number' ? String(safe) : `"${safe.replace(/"/g, '""')}"`;
};
const line = (values: unknown[]) => `${values.map(cell).join(',')}\r\n`;

/**
 * The CSV of a list request as a stream. The first batch is read before the stream is made, so that a
 * refusal (a search too broad) is an answer rather than a cut file.
 */
export async function orderCsvStream(app: FastifyInstance, member: Member, request: OrdersListRequest) {
  const columns = exportColumns(app, member, request.queue);
  const visible = orderForRole(app.registry, member.type);
  const toLines = (rows: Row[]) =>
    withAge(rows)
      .map((row): Row => visible(row))
      .map((row) => line(columns.map((f) => row[f.source])))
      .join('');
  const batches = exportOrders(app.db, app.registry, member, request);
  const first = await batches.next();
  async function* lines() {
    yield line(columns.map(englishLabel));
    if (first.done) return;
    yield toLines(first.value);
    for await (const rows of batches) yield toLines(rows);
  }
  return Readable.from(lines());
}
