import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it, parsed enough for tests to read it back. */
export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Record<string, string>;
  subject: string;
  messageId: string;
  text: string;
  html: string;
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
}

export interface TestSmtpServer {
  port: number;
  /** An SMTP URL for MAIL_AWS_URL / MAIL_SENDGRID_URL. */
  url: string;
  messages: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps every message it accepts. Plain SMTP without STARTTLS or
 * AUTH, as a local relay would be. `port` 0 picks a free port; give a port again to reopen it.
 */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          ...parseMessage(Buffer.concat(chunks).toString('latin1')),
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port that nothing listens on (for an SMTP server that is down), free to be opened later. */
export async function freePort(): Promise<number> {
  const probe = await startSmtpServer(0);
  await probe.close();
  return probe.port;
}

// A small MIME reader (mailparser is not installed): headers, multipart bodies, base64 and
// quoted-printable, encoded-word headers. Enough for what nodemailer writes.

type Headers = Record<string, string>;

function splitEntity(raw: string): { headers: Headers; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers: Headers = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** `text/plain; charset=utf-8; name="a.pdf"` → value and parameters. */
function headerParams(value = ''): { value: string; params: Record<string, string> } {
  const [first = '', ...rest] = value.split(';');
  const params: Record<string, string> = {};
  for (const part of rest) {
    const eq = part.indexOf('=');
    if (eq > 0)
      params[part.slice(0, eq).trim().toLowerCase()] = part
        .slice(eq + 1)
        .trim()
        .replace(/^"|"$/g, '');
  }
  return { value: first.trim().toLowerCase(), params };
}

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );

function decodeBody(body: string, encoding = ''): Buffer {
  if (encoding.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding.toLowerCase() === 'quoted-printable') return decodeQuotedPrintable(body);
  return Buffer.from(body, 'latin1');
}

/** Decodes =?utf-8?B?...?= and =?utf-8?Q?...?= words; the raw header is latin1 bytes of UTF-8 text. */
const decodeHeader = (value: string) =>
  Buffer.from(
    value
      .replace(/\?=\s+=\?/g, '?==?')
      .replace(/=\?[^?]+\?([BQbq])\?([^?]*)\?=/g, (_, type: string, text: string) =>
        type.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('latin1')
          : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('latin1'),
      ),
    'latin1',
  ).toString('utf8');

function parseMessage(raw: string): Omit<ReceivedMail, 'envelopeFrom' | 'envelopeTo'> {
  const top = splitEntity(raw);
  const mail = {
    headers: Object.fromEntries(Object.entries(top.headers).map(([k, v]) => [k, decodeHeader(v)])),
    subject: decodeHeader(top.headers.subject ?? ''),
    messageId: top.headers['message-id'] ?? '',
    text: '',
    html: '',
    attachments: [] as ReceivedMail['attachments'],
  };
  const walk = ({ headers, body }: { headers: Headers; body: string }) => {
    const type = headerParams(headers['content-type'] ?? 'text/plain');
    if (type.value.startsWith('multipart/') && type.params.boundary) {
      const parts = body.split(`--${type.params.boundary}`).slice(1);
      for (const part of parts) {
        if (part.startsWith('--')) break;
        walk(splitEntity(part.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
      }
      return;
    }
    const content = decodeBody(body, headers['content-transfer-encoding']);
    const disposition = headerParams(headers['content-disposition']);
    const filename = disposition.params.filename ?? type.params.name;
    if (disposition.value === 'attachment' || filename) {
      mail.attachments.push({ filename: decodeHeader(filename ?? ''), contentType: type.value, content });
    } else if (type.value === 'text/html') mail.html += content.toString('utf8');
    else if (type.value === 'text/plain') mail.text += content.toString('utf8');
  };
  walk(top);
  return mail;
}
