import type { FastifyInstance } from 'fastify';
import { can, mayOpenQueue, mayReadField, QUEUES } from '@app/domain';
import { badRequest } from '../../http.js';
import type { Member } from '../../types.js';
import { customQueuesFor, lookUpOrders } from '../orders/service.js';
import { findMembersByPrefix } from '../team/service.js';

/** Members answered at most. */
const MAX_MEMBERS = 10;
/** The members' fields search answers (each kept only if the role may read it). */
const MEMBER_COLUMNS = ['id', 'name', 'email', 'type'];

/**
 * Search everywhere: orders (by id, email, name, passport, phone or transaction id), team members and the
 * screens (queues) a member may open, each looked up only where the member's role may read: order fields
 * by the registry as configured, members with Manage Team's permission and fields, queues the role opens.
 */
export async function searchEverywhere(app: FastifyInstance, member: Member, q: string) {
  const text = q.trim();
  if (!text) throw badRequest('Please enter something to search.');
  const role = member.type;
  const [orders, members] = await Promise.all([
    lookUpOrders(app.db, app.registry, role, text),
    lookUpMembers(app, member, text),
  ]);
  const lower = text.toLowerCase();
  const screens = [...QUEUES, ...customQueuesFor(app, role)]
    .filter((queue) => mayOpenQueue(queue, role) && queue.label.toLowerCase().includes(lower))
    .map((queue) => ({ kind: 'queue' as const, name: queue.orderName, route: queue.route, label: queue.label }));
  return { orders, members, screens };
}

async function lookUpMembers(app: FastifyInstance, member: Member, text: string) {
  const resource = app.registry['team-members'];
  if (!resource || !can(member.type, resource.permissions.list!)) return [];
  const columns = MEMBER_COLUMNS.filter((source) =>
    resource.fields.some((f) => f.source === source && mayReadField(f, member.type)),
  );
  if (!columns.includes('name') || !columns.includes('email')) return [];
  return (await findMembersByPrefix(app.db, text, columns, MAX_MEMBERS)).slice(0, MAX_MEMBERS);
}
