import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { encodeId } from '@app/domain';
import { browserAvailable, launchBrowser, screenshot, signIn } from '../helpers/browser.js';
import { seriousViolations } from '../helpers/axe.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

/** What a member may not do is said on screen, where a phone shows it too, not only in a hover tooltip. */
describe.skipIf(!browserAvailable())('refusals in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("shows under the order's buttons, on a phone, why a colleague's order cannot move, each button described by it", async () => {
    const { order_id: held } = await server
      .db('orders')
      .where({ process_status: 'Awaiting' })
      .whereNull('assignee_id')
      .first('order_id');
    const managerToken = await server.login('manager@demo.test');
    const assigned = await server.call(managerToken, {
      method: 'PUT',
      url: '/api/admin/assign-order-status',
      payload: { orderId: held },
    });
    expect(assigned.statusCode).toBe(200);

    const page = await browser.newPage({ viewport: PHONE });
    await signIn(page, server.url, 'team@demo.test');
    await page.goto(`${server.url}/admin/view-order/${encodeId(held)}`);
    const actions = page.getByTestId('order-actions');
    const reason = actions.getByTestId('refusal-reason');
    await reason.waitFor();
    expect(await reason.allTextContents()).toEqual([`Order ${held} is assigned to Demo Manager.`]);
    // Inside the phone's width, not clipped.
    const box = (await reason.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    const reasonId = await reason.getAttribute('id');
    const moves = await actions.locator('[data-testid^="move-"]').all();
    expect(moves.length).toBeGreaterThan(0);
    for (const move of moves) {
      expect(await move.isDisabled()).toBe(true);
      expect(await move.getAttribute('aria-describedby')).toBe(reasonId);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-held-order-390');
    await page.close();
  });

  it("shows a Manager the Admin's record read-only, with the Admin role and why", async () => {
    const admin = await server.db('team_members').where({ email: 'admin@demo.test' }).first('id');
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, 'manager@demo.test');
    await page.goto(`${server.url}/admin/manage-team/${admin.id}`);
    const form = page.getByTestId('team-form');
    await form.getByTestId('member-read-only').getByText('You cannot change members with the role Admin').waitFor();
    const type = form.getByRole('combobox', { name: 'Type' });
    expect(await type.textContent()).toBe('Admin');
    expect(await type.getAttribute('aria-disabled')).toBe('true');
    expect(await form.getByRole('textbox', { name: 'Name' }).isDisabled()).toBe(true);
    expect(await form.getByRole('textbox', { name: 'Email' }).isDisabled()).toBe(true);
    expect(await form.getByRole('button', { name: 'Update Member' }).count()).toBe(0);
    expect(await form.getByLabel('Password').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-manager-sees-admin-1366');

    // A member the Manager may change still opens as a form that saves.
    const team = await server.db('team_members').where({ email: 'team@demo.test' }).first('id');
    await page.goto(`${server.url}/admin/manage-team/${team.id}`);
    await form.getByRole('button', { name: 'Update Member' }).waitFor();
    expect(await form.getByTestId('member-read-only').count()).toBe(0);
    expect(await form.getByRole('combobox', { name: 'Type' }).textContent()).toBe('Team');
    await page.close();
  });
});
