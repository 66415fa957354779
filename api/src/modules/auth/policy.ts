import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { isRole, nowUtc, type Role } from '@app/domain';
import { badRequest } from '../../http.js';

/** What an Admin sets for every session: who needs a second factor, how long sessions live, from where each role signs in. */
export interface SecurityPolicy {
  mfaRoles: Role[];
  idleMinutes: number;
  absoluteHours: number;
  /** Per role, the CIDR ranges its members may work from; a role not listed works from anywhere. */
  allowedRanges: Partial<Record<Role, string[]>>;
}

export const DEFAULT_ABSOLUTE_HOURS = 12;

interface PolicyRow {
  mfa_roles: string;
  idle_minutes: number | null;
  absolute_hours: number;
  allowed_ranges: string;
}

/** The policy in force: the stored one, else the defaults (no role needs a factor, SESSION_IDLE_MINUTES, 12 hours). */
export async function readPolicy(app: FastifyInstance): Promise<SecurityPolicy> {
  const row: PolicyRow | undefined = await app.db('security_policy').where({ id: 1 }).first();
  return {
    mfaRoles: row ? JSON.parse(row.mfa_roles) : [],
    idleMinutes: row?.idle_minutes ?? app.config.sessionIdleMinutes,
    absoluteHours: row?.absolute_hours ?? DEFAULT_ABSOLUTE_HOURS,
    allowedRanges: row ? JSON.parse(row.allowed_ranges) : {},
  };
}

/** A "10.0.0.0/8" or "2001:db8::/32" range as a BlockList, or a 400 naming it. */
function subnet(list: net.BlockList, range: string) {
  const [address = '', prefix = ''] = range.split('/');
  const family = net.isIP(address);
  const bits = Number(prefix);
  if (!family || !/^\d{1,3}$/.test(prefix) || bits > (family === 4 ? 32 : 128))
    throw badRequest(`allowedRanges: "${range}" is not an address range such as 203.0.113.0/24.`);
  list.addSubnet(address, bits, family === 4 ? 'ipv4' : 'ipv6');
}

/** Stores a new policy after checking its roles and ranges. */
export async function writePolicy(app: FastifyInstance, policy: SecurityPolicy) {
  for (const role of [...policy.mfaRoles, ...Object.keys(policy.allowedRanges)])
    if (!isRole(role)) throw badRequest(`"${role}" is not a role.`);
  for (const ranges of Object.values(policy.allowedRanges)) ranges?.forEach((r) => subnet(new net.BlockList(), r));
  const row = {
    id: 1,
    mfa_roles: JSON.stringify([...new Set(policy.mfaRoles)]),
    idle_minutes: policy.idleMinutes,
    absolute_hours: policy.absoluteHours,
    allowed_ranges: JSON.stringify(policy.allowedRanges),
    updated_at: nowUtc(app.clock.now()),
  };
  await app.db('security_policy').insert(row).onConflict('id').merge();
  await app.memberCache.clear();
}

/** Whether a member of this role may work from this address under the policy. */
export function addressAllowed(policy: SecurityPolicy, role: Role, address: string) {
  const ranges = policy.allowedRanges[role];
  if (!ranges?.length) return true;
  const list = new net.BlockList();
  ranges.forEach((r) => subnet(list, r));
  const plain = address.replace(/^::ffff:/i, '');
  const family = net.isIP(plain);
  return family !== 0 && list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}
