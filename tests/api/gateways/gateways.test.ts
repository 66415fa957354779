import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

describe.each(dialects())('payment gateways API on %s', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const role of ['admin', 'telecaller', 'night']) tokens[role] = await t.login(`${role}@demo.test`);
  });
  afterAll(() => t?.close());

  const list = async (role = 'admin') =>
    (await t.call(tokens[role]!, { method: 'GET', url: '/api/admin/payment-gateways' })).json().data as Array<{
      id: number;
      gateway_name: string;
      is_active: string;
    }>;
  const select = (role: string, payload: object) =>
    t.call(tokens[role]!, { method: 'POST', url: '/api/admin/payment-gateway-setting', payload });
  const activeIds = async () => (await list()).filter((g) => g.is_active === '1').map((g) => g.id);

  it('lists the gateways with exactly one active', async () => {
    const gateways = await list('telecaller');
    expect(gateways.map((g) => g.gateway_name)).toEqual(['Stripe', 'PayPal', 'Authorize.net']);
    expect(gateways.map((g) => g.is_active)).toEqual(['1', '0', '0']);
  });

  it('switches the active gateway and records who did it', async () => {
    const paypal = (await list()).find((g) => g.gateway_name === 'PayPal')!;
    const res = await select('telecaller', { gatewayId: paypal.id });
    expect(res.json()).toEqual({ status: 1, message: 'PayPal is now the active gateway.' });
    expect(await activeIds()).toEqual([paypal.id]);
    const event = await t.db('audit_events').where({ action: 'gateway' }).orderBy('id', 'desc').first();
    expect(event).toMatchObject({ member_name: 'Demo Telecaller', to_value: 'PayPal' });
  });

  it('keeps exactly one gateway active under concurrent switches', async () => {
    const ids = (await list()).map((g) => g.id);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => select(i % 2 ? 'admin' : 'telecaller', { gatewayId: ids[i % ids.length] })),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await activeIds()).toHaveLength(1);
  });

  it.each([
    [{}, 400, 'Please select gateway.'],
    [{ gatewayId: '' }, 400, 'Please select gateway.'],
    [{ gatewayId: 'abc' }, 400, 'Please select gateway.'],
    [{ gatewayId: '1 OR 1=1' }, 400, 'Please select gateway.'],
    [{ gatewayId: 999 }, 404, 'Payment gateway not found.'],
  ])('refuses bad input %# and changes nothing', async (payload, code, message) => {
    const before = await activeIds();
    const res = await select('admin', payload);
    expect(res.statusCode).toBe(code);
    expect(res.json()).toEqual({ status: 0, message });
    expect(await activeIds()).toEqual(before);
  });

  it('is closed to Night Staff', async () => {
    const before = await activeIds();
    expect((await t.call(tokens.night!, { method: 'GET', url: '/api/admin/payment-gateways' })).statusCode).toBe(403);
    const res = await select('night', { gatewayId: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toBe(0);
    expect(await activeIds()).toEqual(before);
  });
});
