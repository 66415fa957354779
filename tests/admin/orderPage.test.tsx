import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { encodeId, QUEUES, RESOURCES, registryForRole, type Role } from '@app/domain';
import { App } from '../../admin/src/App';

const token = (role: Role) => `x.${btoa(JSON.stringify({ user: { id: 3, name: `Demo ${role}`, type: role } }))}.y`;
const COUNTS = Object.fromEntries(QUEUES.map((queue) => [queue.countField, 1]));
const ORDER_ID = 250001;

/** An order as GET /api/orders/:id answers it: some fields empty. */
const order = (status: string, assigneeId: number | null = null) => ({
  id: ORDER_ID,
  order_id: ORDER_ID,
  process_status: status,
  processing_mode: 'Priority',
  assignee_id: assigneeId,
  assign_to: assigneeId ? 'Demo Team' : null,
  first_name: 'Mai',
  last_name: 'Tanaka',
  full_name: 'Mai Tanaka',
  email: 'mai@example.jp',
  phone_code: '81',
  phone_number: '9012345678',
  date_of_birth: '1990-04-05',
  nationality: 'JAPAN',
  purpose_of_travel: 'HOLIDAY',
  other_purpose_arrival: null,
  occupation: '',
  is_transit: 0,
  transaction_id: null,
  merchant_name: null,
});

/** The order's histories as the conventional list endpoints answer them (newest first). */
const HISTORIES: Record<string, object[]> = {
  mails: [
    {
      id: 9,
      seq: 1,
      order_id: ORDER_ID,
      created_at: '2026-01-15 14:05:09',
      kind: 'approval',
      provider: 'Sendgrid',
      to_email: 'mai@example.jp',
      state: 'failed',
      last_error: 'Connection refused',
      file1: 'abc.pdf',
    },
  ],
  downloads: [],
  remarks: [
    {
      id: 4,
      seq: 1,
      order_id: ORDER_ID,
      created_at: '2026-01-15 14:05:09',
      remark_name: 'Demo Manager',
      remark: 'Asked for a new photo.',
      whatsapp: true,
      telephone: false,
      status_refund: false,
      voided: false,
      chargeback: true,
      report_error: false,
    },
  ],
  documents: [],
  // The member chose New York time (the preferences Store): every time on the page is shown in it.
  preferences: [{ id: 'account.timeZone', value: 'America/New_York', scope: 'member' }],
};

/** A fake API: the registry as `role` sees it, the counts, the order, and its histories. */
function stubApi(role: Role, details: object) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://admin.test');
      const json = (body: unknown, headers: Record<string, string> = {}) =>
        new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'Content-Type': 'application/json', ...headers },
        });
      if (url.pathname === '/api/admin/registry')
        return json({ status: 1, message: 'ok', data: registryForRole(RESOURCES, role) });
      if (url.pathname === '/api/admin/get-folder-count') return json({ status: 1, message: 'ok', data: COUNTS });
      if (url.pathname === `/api/orders/${ORDER_ID}`) return json(details);
      if (url.pathname === `/api/admin/email-content/${ORDER_ID}`) {
        const text = `Dear Customer,\n\nYour order page:\nhttp://admin.test/track-order/${encodeId(ORDER_ID)}`;
        return json({ status: 1, message: 'ok', data: { from: 'x', to: 'y', subject: 'Your card', text } });
      }
      const resource = url.pathname.replace('/api/', '');
      const rows = HISTORIES[resource] ?? [];
      return json(rows, { 'Content-Range': `${resource} 0-${Math.max(rows.length - 1, 0)}/${rows.length}` });
    }),
  );
}

function openOrder(role: Role, details: object) {
  localStorage.setItem(
    'user',
    JSON.stringify({ id: 3, name: `Demo ${role}`, email: 'x@demo.test', type: role, accessToken: token(role) }),
  );
  stubApi(role, details);
  window.history.pushState({}, '', `/admin/view-order/${encodeId(ORDER_ID)}`);
  render(<App />);
  return screen.findByTestId('view-order', {}, { timeout: 10_000 });
}

const actionButtons = () =>
  within(screen.getByTestId('order-actions'))
    .getAllByRole('button')
    .map((button) => button.textContent);

const requested = (path: string) =>
  vi
    .mocked(fetch)
    .mock.calls.map(([url]) => decodeURIComponent(String(url)))
    .filter((url) => url.includes(path));

beforeEach(() => window.history.pushState({}, '', '/admin'));
afterEach(() => vi.unstubAllGlobals());

describe('view order page', () => {
  it('offers a Team member every move but the current status and Delete, and the packs of a disputed order', async () => {
    await openOrder('Team', order('ChargeBack'));
    expect(actionButtons()).toEqual([
      'View Email Content',
      'Assign to me',
      'Next order',
      'Move to Awaiting Response',
      'Completed Refunds',
      'Completed Orders',
      'Contact Customer',
      'Awaiting Govt',
      'Customer Called',
      'Defence Pack 1',
      'Defence Pack 2',
      'Enter Transaction Details',
      'Macros',
    ]);
  });

  it('offers an Admin Delete, and Move to Original Folder on an order the Admin holds; no packs for a New order', async () => {
    await openOrder('Admin', order('New', 3));
    const buttons = actionButtons();
    expect(buttons).toContain('Delete');
    expect(buttons).toContain('Move to Original Folder');
    expect(buttons).not.toContain('Assign to me');
    expect(buttons).not.toContain('Defence Pack 1');
    expect(buttons).not.toContain('Enter Transaction Details');
  });

  it('reads the order and its histories through the resources, the histories newest first', async () => {
    await openOrder('Team', order('Completed'));
    // The order once, and its history of changes for the timeline.
    expect(requested(`/api/orders/${ORDER_ID}`).filter((url) => !url.includes('/history'))).toHaveLength(1);
    expect(requested(`/api/orders/${ORDER_ID}/history`)).toHaveLength(1);
    for (const resource of ['mails', 'downloads', 'remarks', 'documents'])
      expect(requested(`/api/${resource}?`).some((url) => url.includes(`"order_id":${ORDER_ID}`))).toBe(true);
    expect(requested('/api/remarks?')[0]).toContain('sort=["id","DESC"]');
  });

  it('hides empty fields and formats dates; Email History shows the mail state and the member’s time zone with AM/PM', async () => {
    await openOrder('Team', order('Completed'));
    expect(screen.getByTestId('field-date_of_birth')).toHaveTextContent('04/05/1990');
    expect(screen.getByTestId('field-phone_number')).toHaveTextContent('+81 9012345678');
    expect(screen.getByTestId('field-is_transit')).toHaveTextContent('No');
    expect(screen.getByTestId('field-application_email')).toHaveTextContent('250001@');
    expect(screen.queryByTestId('field-other_purpose_arrival')).toBeNull();
    expect(screen.queryByTestId('field-occupation')).toBeNull();
    expect(screen.queryByTestId('field-merchant_name')).toBeNull();
    // Sections with no value at all are hidden too.
    expect(screen.queryByTestId('section-health')).toBeNull();
    const mails = await screen.findByTestId('email-history');
    await within(mails).findByText('15/January/2026 9:05:09 AM EST');
    const mail = within(screen.getByTestId('email-history')).getAllByRole('row')[1]!;
    expect(within(mail).getByTestId('mail-state')).toHaveTextContent('Failed');
    expect(await screen.findByTestId('no-downloads')).toHaveTextContent('No record found');
  });

  it.each([
    ['Manager', true],
    ['Team', false],
  ] as const)(
    'shows the payment section to a %s: %s (the registry leaves its fields out for other roles)',
    async (role, shown) => {
      await openOrder(role, { ...order('Completed'), amount: 49, currency: 'USD' });
      if (!shown) return expect(screen.queryByTestId('section-payment')).toBeNull();
      const payment = screen.getByTestId('section-payment');
      // Closed at first: its title is a button that opens it.
      expect(within(payment).getByRole('button', { name: 'Payment and Evidence' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
      expect(within(payment).getByTestId('field-amount')).toHaveTextContent('$49.00');
    },
  );

  it('keeps the resend buttons disabled while the order has no document', async () => {
    await openOrder('Team', order('Completed'));
    const resend = await screen.findByTestId('resend-form');
    expect(within(resend).getByRole('button', { name: /Resend Mail\(AWS\)/ })).toBeDisabled();
    expect(within(screen.getByTestId('sent-mail-form')).getByRole('button', { name: /Sent Mail/ })).toBeDisabled();
  });

  it('reveals a comment with its six flags, N when unset', async () => {
    await openOrder('Team', order('Completed'));
    await within(await screen.findByTestId('comment-history')).findByText('01-15-2026 9:05:09 AM EST');
    const history = screen.getByTestId('comment-history');
    fireEvent.click(within(history).getByText('Show'));
    const text = await screen.findByTestId('comment-text');
    expect(text).toHaveTextContent('Asked for a new photo.');
    expect(
      within(text)
        .getAllByTestId(/^flag-/)
        .map((flag) => flag.textContent),
    ).toEqual(['Whatsapp: Y', 'Telephone: N', 'Refund: N', 'Voided: N', 'Chargeback: Y', 'ReportError: N']);
    fireEvent.click(within(history).getByText('Hide'));
    await waitFor(() => expect(screen.queryByTestId('comment-text')).toBeNull());
  });

  it("shows the old system's messages under the upload, comment and transaction fields", async () => {
    await openOrder('Team', order('Customer Called'));
    const upload = screen.getByTestId('section-uploadDocument');
    fireEvent.change(within(upload).getByLabelText(/^Email ID/), { target: { value: '' } });
    fireEvent.click(within(upload).getByText('Submit (AWS)'));
    expect(await within(upload).findByText('Please enter your email')).toBeInTheDocument();
    expect(within(upload).getByText('File is required')).toBeInTheDocument();

    const comment = screen.getByTestId('section-addComment');
    fireEvent.click(within(comment).getByRole('button', { name: 'Add Comment' }));
    expect(await within(comment).findByText('Please enter your remark')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('transaction-details'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter your Transaction Id')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter your Merchant Name')).toBeInTheDocument();
    // None of these reached the API.
    const written = vi
      .mocked(fetch)
      .mock.calls.map(([url]) => String(url))
      .filter((url) => /upload-visa-document|\/api\/remarks$|defence-pack-details/.test(url));
    expect(written).toEqual([]);
  });

  it('shows the email content with a WhatsApp link to the full number', async () => {
    await openOrder('Team', order('Completed'));
    fireEvent.click(screen.getByText('View Email Content'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Email Content')).toBeInTheDocument();
    expect(await within(dialog).findByTestId('email-content')).toHaveTextContent(`/track-order/${encodeId(ORDER_ID)}`);
    expect(within(dialog).getByTestId('send-whatsapp').getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/819012345678\?text=/,
    );
    fireEvent.click(within(dialog).getByText('Close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
