import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../admin/src/providers/dataProvider';
import { stubApi } from '../helpers/fetchStub';

const ok = (data?: unknown) => ({ body: { status: 1, message: 'Done.', data } });

beforeEach(() => {
  localStorage.setItem('user', JSON.stringify({ accessToken: 'token-9', id: 3, name: 'Demo Team', type: 'Team' }));
});
afterEach(() => vi.unstubAllGlobals());

describe('data provider: the order page and account calls', () => {
  it('adds a remark with the remarker name and the ticked flags as Y', async () => {
    const calls = stubApi(ok());
    const answer = await dataProvider.addRemark({
      orderId: 41,
      remark: '  Customer asked for a call back  ',
      flags: { whatsapp: true, voided: true, telephone: false },
    });
    expect(answer).toEqual({ message: 'Done.' });
    expect(calls[0]).toEqual({
      url: '/api/admin/add-new-remark',
      method: 'POST',
      authorization: 'token-9',
      body: {
        orderId: 41,
        remark: 'Customer asked for a call back',
        remarkerName: 'Demo Team',
        whatsapp: 'Y',
        telephone: '',
        statusRefund: '',
        voided: 'Y',
        chargeBack: '',
        reportError: '',
      },
    });
  });

  it('changes the password with the current one (the API asks for it)', async () => {
    const calls = stubApi({ body: { status: 1, message: 'Password updated successfully.' } });
    await expect(
      dataProvider.changePassword({ currentPassword: 'demo1234', newPassword: 'new-secret' }),
    ).resolves.toEqual({ message: 'Password updated successfully.' });
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
      ['POST', '/api/admin/change-password', { currentPassword: 'demo1234', newPassword: 'new-secret' }],
    ]);
  });

  it('fetches a document with the staff token and the server file name; a refusal carries its message', async () => {
    const calls = stubApi({
      body: '%PDF-1.4 bytes',
      headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="Card-41.pdf"' },
    });
    const file = await dataProvider.fetchDocument('/uploads/docs/41_abc.pdf');
    expect(calls[0]).toMatchObject({ url: '/uploads/docs/41_abc.pdf', authorization: 'token-9' });
    expect(file.fileName).toBe('Card-41.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.4 bytes');

    stubApi({ status: 403, body: { status: 0, message: 'This link is not valid.' } });
    await expect(dataProvider.fetchDocument('/uploads/docs/41_abc.pdf')).rejects.toMatchObject({
      message: 'This link is not valid.',
      status: 403,
    });
  });

  it('uploads through XMLHttpRequest with the token, reporting progress, and rejects a refusal with its message', async () => {
    const sent: Array<{ url: string; headers: Record<string, string>; body: FormData }> = [];
    let answer = { status: 200, text: JSON.stringify({ status: 1, message: 'Document uploaded.' }) };
    class FakeRequest {
      upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
      onload?: () => void;
      onerror?: () => void;
      status = 0;
      responseText = '';
      private url = '';
      private headers: Record<string, string> = {};
      open(_method: string, url: string) {
        this.url = url;
      }
      setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
      }
      send(body: FormData) {
        sent.push({ url: this.url, headers: this.headers, body });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 200, total: 200 });
        this.status = answer.status;
        this.responseText = answer.text;
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const progress: number[] = [];
    const file = new File(['%PDF'], 'card.pdf', { type: 'application/pdf' });
    const input = { orderId: 77, email: 'a@b.co', file, mailServiceProvider: 'Sendgrid' as const };
    expect(await dataProvider.uploadVisaDocumentWithProgress(input, (value) => progress.push(value))).toEqual({
      message: 'Document uploaded.',
    });
    expect(progress).toEqual([0.25, 1]);
    expect(sent[0]!.url).toBe('/api/admin/upload-visa-document');
    expect(sent[0]!.headers).toEqual({ Authorization: 'token-9' });
    expect([...sent[0]!.body.keys()]).toEqual(['orderId', 'email', 'mailServiceProvider', 'uploadVisaDoc']);
    expect(sent[0]!.body.get('mailServiceProvider')).toBe('Sendgrid');

    answer = { status: 400, text: JSON.stringify({ status: 0, message: 'Only PDF, JPEG, PNG or WebP files.' }) };
    await expect(dataProvider.uploadVisaDocumentWithProgress(input, () => {})).rejects.toMatchObject({
      message: 'Only PDF, JPEG, PNG or WebP files.',
      status: 400,
    });
  });
});
