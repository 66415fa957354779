import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';

describe.each(dialects())('remarks API on %s', (dialect) => {
  let t: TestApp;
  let orderId: number;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const role of ['admin', 'night']) tokens[role] = await t.login(`${role}@demo.test`);
    orderId = Number((await t.db('orders').orderBy('order_id').first('order_id')).order_id);
  });
  afterAll(() => t?.close());

  const addRemark = (role: string | null, payload: object) =>
    t.call(role ? tokens[role]! : null, { method: 'POST', url: '/api/admin/add-new-remark', payload });
  const remarkCount = async () => Number((await t.db('remarks').count({ n: '*' }).first())!.n);

  it('adds a remark in the signed-in member name with its flags, shown in the order details', async () => {
    const res = await addRemark('night', {
      orderId,
      remark: "Called twice; customer's phone is off.",
      remarkerName: 'Someone Else',
      whatsapp: 'Y',
      telephone: '',
      statusRefund: 'N',
      chargeBack: 'Y',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 1,
      message: 'Remark added successfully.',
      data: {
        order_id: orderId,
        remark: "Called twice; customer's phone is off.",
        remark_name: 'Demo Night Staff',
        whatsapp: 'Y',
        telephone: 'N',
        status_refund: 'N',
        voided: 'N',
        chargeback: 'Y',
        report_error: 'N',
        us_date: expect.stringMatching(/^\d\d-\d\d-\d{4}$/),
      },
    });
    const details = await t.call(tokens.admin!, { method: 'GET', url: `/api/admin/get-orders-details/${orderId}` });
    // Newest first, as every history.
    const remarks = details.json().data.remark;
    expect(remarks[0]).toMatchObject({ id: body.data.id, remark_name: 'Demo Night Staff', whatsapp: 'Y' });
  });

  it('stores hostile text as plain text', async () => {
    const text = "'); DROP TABLE remarks; -- <script>alert(1)</script>";
    const res = await addRemark('admin', { orderId: String(orderId), remark: text });
    expect(res.json().status).toBe(1);
    expect((await t.db('remarks').where({ id: res.json().data.id }).first()).remark).toBe(text);
  });

  it.each([
    [{ orderId: 1 }, 400, 'Please enter your remark'],
    [{ orderId: 1, remark: '' }, 400, 'Please enter your remark'],
    [{ orderId: 1, remark: '   ' }, 400, 'Please enter your remark'],
    [{ remark: 'x' }, 400, 'orderId is required'],
    [{ orderId: 'abc', remark: 'x' }, 400, 'orderId must be an order id.'],
    [{ orderId: 1, remark: 'x'.repeat(5001) }, 400, 'A remark can be at most 5000 characters.'],
    [{ orderId: 1, remark: 'x', whatsapp: 'yes' }, 400, 'Flags must be Y or N.'],
    [{ orderId: 999999999, remark: 'x' }, 404, 'Order not found.'],
  ])('refuses bad input %# and stores nothing', async (payload, code, message) => {
    const before = await remarkCount();
    const res = await addRemark('admin', payload);
    expect(res.statusCode).toBe(code);
    expect(res.json()).toEqual({ status: 0, message });
    expect(await remarkCount()).toBe(before);
  });

  it('needs a signed-in member', async () => {
    const res = await addRemark(null, { orderId, remark: 'x' });
    expect(res.statusCode).toBe(401);
  });
});
