import { effectiveRegistry, queueByOrderName, RESOURCES } from '@app/domain';
import { loadConfig } from '../../api/src/config.js';
import { createDb } from '../../api/src/db/knex.js';
import { readConfiguration } from '../../api/src/modules/configuration/service.js';
import { listOrders } from '../../api/src/modules/orders/service.js';
const db = createDb(loadConfig());
const registry = effectiveRegistry(RESOURCES, await readConfiguration(db));
const member = await db('team_members').where({ type: 'Admin' }).first();
const started = new Map<string, number>();
db.on('query', (q: { __knexQueryUid: string }) => started.set(q.__knexQueryUid, Date.now()));
db.on('query-response', (_r: unknown, q: { __knexQueryUid: string; sql: string }) =>
  console.log(`  ${Date.now() - started.get(q.__knexQueryUid)!} ms  ${q.sql.slice(0, 900)}`));
for (const [name, offset, limit] of [['allOrder', 0, 10], ['allOrder', 990, 10], ['awaitingOrder', 0, 10], ['awaitingOrder', 990, 10]] as const) {
  const t = Date.now();
  const r = await listOrders(db, registry, member, { queue: queueByOrderName(name)!, filters: [{ source: 'visa_type', column: 'visa_type', op: 'eq', value: 'Business' }], sort: 'callback_at', direction: 'asc', offset, limit });
  console.log(name, offset, limit, Date.now() - t, 'ms', r.total, r.rows.length);
}
await db.destroy();
