import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { encodeId, QUEUES, type Role } from '@app/domain';
import { App } from '../../admin/src/App';

const token = (role: Role) => `x.${btoa(JSON.stringify({ user: { id: 3, name: `Demo ${role}`, type: role } }))}.y`;
const COUNTS = Object.fromEntries(QUEUES.map((queue) => [queue.countField, 1]));

/** An order as get-orders-details answers it: some fields empty, one comment, one mail. */
const order = (status: string, assigneeId: number | null = null) => ({
  order_id: 250001,
  encodedId: encodeId(250001),
  process_status: status,
  processing_mode: 'Priority',
  assignee_id: assigneeId,
  assign_to: assigneeId ? 'Demo Team' : null,
  first_name: 'Mai',
  last_name: 'Tanaka',
  full_name: 'Mai Tanaka',
  email: 'mai@example.jp',
  contact_email_address: 'mai@example.jp',
  phone_code: '81',
  phone_number: '9012345678',
  date_of_birth: '1990-04-05',
  nationality: 'JAPAN',
  purpose_of_travel: 'HOLIDAY',
  other_purpose_arrival: null,
  occupation: '',
  is_transit: 0,
  landing_domain: 'thai-tdac.example',
  transaction_id: null,
  merchant_name: null,
  mailHistory: [
    {
      id: 9,
      order_id: 250001,
      create_ts: '2026-01-15 14:05:09',
      kind: 'approval',
      provider: 'Sendgrid',
      to_email: 'mai@example.jp',
      subject: 'Your card',
      state: 'failed',
      attempts: 8,
      last_error: 'Connection refused',
      sent_at: null,
      uploadDoc: { file1: 'abc.pdf', mail_service_provider: 'Sendgrid' },
    },
  ],
  uploadDoc: [],
  downloadHistory: [],
  remark: [
    {
      id: 4,
      order_id: 250001,
      us_date: '01-15-2026',
      us_time: '9:05:09 AM',
      remark_name: 'Demo Manager',
      remark: 'Asked for a new photo.',
      whatsapp: 'Y',
      telephone: null,
      status_refund: '',
      voided: 'N',
      chargeback: 'Y',
      report_error: null,
    },
  ],
});

function stubApi(details: object) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const data = url.includes('get-folder-count') ? COUNTS : url.includes('get-orders-details') ? details : [];
      return new Response(JSON.stringify({ status: 1, message: 'ok', data }), { status: 200 });
    }),
  );
}

function openOrder(role: Role, details: object) {
  localStorage.setItem(
    'user',
    JSON.stringify({ id: 3, name: `Demo ${role}`, email: 'x@demo.test', type: role, accessToken: token(role) }),
  );
  stubApi(details);
  window.history.pushState({}, '', `/admin/view-order/${encodeId(250001)}`);
  render(<App />);
  return screen.findByTestId('view-order', {}, { timeout: 10_000 });
}

const actionButtons = () =>
  within(screen.getByTestId('order-actions'))
    .getAllByRole('button')
    .map((button) => button.textContent);

beforeEach(() => window.history.pushState({}, '', '/admin'));
afterEach(() => vi.unstubAllGlobals());

describe('view order page', () => {
  it('offers a Team member every move but the current status and Delete, and the packs of a disputed order', async () => {
    await openOrder('Team', order('ChargeBack'));
    expect(actionButtons()).toEqual([
      'View Email Content',
      'Assign to me',
      'Move to Awaiting Response',
      'Completed Refunds',
      'Completed Orders',
      'Contact Customer',
      'Awaiting Govt',
      'Customer Called',
      'Defence Pack 1',
      'Defence Pack 2',
      'Enter Transaction Details',
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

  it('hides empty fields and formats dates; Email History shows the mail state and New York time', async () => {
    await openOrder('Team', order('Completed'));
    expect(screen.getByTestId('field-dateOfBirth')).toHaveTextContent('04/05/1990');
    expect(screen.getByTestId('field-phone')).toHaveTextContent('+81 9012345678');
    expect(screen.getByTestId('field-isTransit')).toHaveTextContent('No');
    expect(screen.getByTestId('field-applicationEmail')).toHaveTextContent('250001@');
    expect(screen.queryByTestId('field-otherPurpose')).toBeNull();
    expect(screen.queryByTestId('field-occupation')).toBeNull();
    expect(screen.queryByTestId('field-merchantName')).toBeNull();
    // Sections with no value at all are hidden too.
    expect(screen.queryByTestId('section-health')).toBeNull();
    const mail = screen.getByTestId('email-history-row');
    expect(mail).toHaveTextContent('15/January/2026 9:05:09 EST');
    expect(within(mail).getByTestId('mail-state')).toHaveTextContent('Failed');
    expect(screen.getByTestId('no-downloads')).toHaveTextContent('No record found');
  });

  it('reveals a comment with its six flags, N when unset', async () => {
    await openOrder('Team', order('Completed'));
    const history = screen.getByTestId('comment-history');
    expect(history).toHaveTextContent('01-15-2026 9:05:09 AM EST');
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

  it('shows the SPEC messages under the upload, comment and transaction fields', async () => {
    await openOrder('Team', order('Customer Called'));
    const upload = screen.getByTestId('section-uploadDocument');
    fireEvent.change(within(upload).getByLabelText('Email ID'), { target: { value: ' ' } });
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
    const posted = vi
      .mocked(fetch)
      .mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');
    expect(posted).toEqual([]);
  });

  it('shows the email content with a WhatsApp link to the full number', async () => {
    await openOrder('Team', order('Completed'));
    fireEvent.click(screen.getByText('View Email Content'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Email Content')).toBeInTheDocument();
    expect(within(dialog).getByTestId('email-content')).toHaveTextContent(`/track-order/${encodeId(250001)}`);
    expect(within(dialog).getByTestId('send-whatsapp').getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/819012345678\?text=/,
    );
    fireEvent.click(within(dialog).getByText('Close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
