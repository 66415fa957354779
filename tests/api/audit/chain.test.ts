import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { recordAudit, verifyChain } from '../../../api/src/modules/audit/service.js';

/** npm run audit:verify against the test's database, as an operator runs it. */
function auditVerify(t: TestApp) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/audit-verify.ts'], {
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: t.dataDir, DATABASE_URL: t.databaseUrl },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/**
 * The audit trail as a hash chain: writers at once keep one chain (the head row is locked in each writer's
 * transaction), every event also goes to stdout as a JSON line once committed (AUDIT_LOG_STDOUT), and an
 * event changed or removed by SQL is named by npm run audit:verify.
 */
describe.each(dialects())('audit chain on %s', (dialect) => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { auditLogStdout: true } });
    const write = process.stdout.write.bind(process.stdout) as (chunk: string | Uint8Array) => boolean;
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      const text = String(chunk);
      if (!text.startsWith('{"type":"audit-event"')) return write(chunk);
      lines.push(text);
      return true;
    });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  it('keeps one chain under concurrent writers, ships each committed event, and drops none of a rollback', async () => {
    const before = await verifyChain(t.db);
    expect(before.broken).toBeNull();
    const member = { id: 1, name: 'Chain Tester' };
    // Twenty transactions at once, each writing two events and then holding its transaction a moment.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.db.transaction(async (trx) => {
          await recordAudit(trx, member, [
            { action: 'chain-test', to: `w${i}`, detail: `first of ${i}` },
            { action: 'chain-test', to: `w${i}`, detail: `second of ${i}` },
          ]);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }),
      ),
    );
    // A rolled-back writer leaves no link and no line.
    await expect(
      t.db.transaction(async (trx) => {
        await recordAudit(trx, member, [{ action: 'chain-test', detail: 'rolled back' }]);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    // Through the API too: a member's edit records its events in the order's transaction.
    const token = await t.login('admin@demo.test');
    const order = await t.db('orders').where({ process_status: 'New' }).first('order_id');
    const comment = await t.call(token, {
      method: 'POST',
      url: '/api/admin/add-new-remark',
      payload: { orderId: order.order_id, remark: 'chained comment' },
    });
    expect(comment.statusCode, comment.body).toBe(200);

    const after = await verifyChain(t.db);
    expect(after.broken).toBeNull();
    expect(after.checked).toBeGreaterThanOrEqual(before.checked + 41);
    const seqs = (await t.db('audit_events').where({ action: 'chain-test' }).pluck('chain_seq')).map(Number);
    expect(new Set(seqs).size).toBe(40);
    await vi.waitFor(() => expect(lines.filter((l) => l.includes('"chain-test"'))).toHaveLength(40));
    expect(lines.some((l) => l.includes('rolled back'))).toBe(false);
    const shipped = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(shipped).toMatchObject({ type: 'audit-event', action: 'chain-test', member_name: 'Chain Tester' });
    expect(shipped.hash).toMatch(/^[0-9a-f]{64}$/);
    const verified = await auditVerify(t);
    expect(verified.code, verified.output).toBe(0);
    expect(verified.output).toMatch(/Audit chain holds: \d+ links checked, events after id 0 in 1 chain\(s\)/);
  });

  it('names the first event changed or removed by SQL', async () => {
    const target = await t.db('audit_events').where({ action: 'chain-test' }).orderBy('chain_seq').offset(5).first();
    await t.db('audit_events').where({ id: target.id }).update({ detail: 'quietly edited' });
    const edited = await auditVerify(t);
    expect(edited.code).toBe(1);
    expect(edited.output).toContain(
      `BROKEN at link ${target.chain_seq} of chain 0 (audit event id ${target.id}): its content does not match its hash`,
    );
    await t.db('audit_events').where({ id: target.id }).update({ detail: target.detail });
    expect((await verifyChain(t.db)).broken).toBeNull();

    await t.db('audit_events').where({ id: target.id }).del();
    const removed = await verifyChain(t.db);
    expect(removed.broken).toMatchObject({
      chain: 0,
      seq: Number(target.chain_seq),
      reason: expect.stringMatching(/missing/),
    });
  });
});
