import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { MAIL_PROVIDERS, type MailProvider } from '@app/domain';
import type { AppConfig } from '../../config.js';
import { ensurePrivateDirAsync, writePrivateFile } from '../../storage/privateFiles.js';

/** Sends one rendered message through one provider. */
export interface MailSender {
  /** `fileKey` names the .eml file of a file sender, so that sending the same row again overwrites it. */
  send(message: Mail.Options, fileKey: string): Promise<{ messageId: string }>;
  close(): void;
}

const providerUrl = (config: AppConfig, provider: MailProvider) =>
  provider === 'AWS' ? config.mailAwsUrl : config.mailSendgridUrl;

/** A provider configured by SMTP URL (docs/product.md#documents-mail-and-evidence); timeouts stay well inside the worker's claim lease. */
function smtpSender(url: string): MailSender {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    async send(message) {
      const info = await transport.sendMail(message);
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

/** An unconfigured provider writes the raw message as an .eml file, so the app runs with nothing set up. */
function fileSender(folder: string): MailSender {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message, fileKey) {
      const info = await transport.sendMail(message);
      await ensurePrivateDirAsync(folder);
      await writePrivateFile(path.join(folder, `${fileKey}.eml`), info.message as Buffer);
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

export function createMailSenders(config: AppConfig): Record<MailProvider, MailSender> {
  const entries = MAIL_PROVIDERS.map((provider) => {
    const url = providerUrl(config, provider);
    const sender = url ? smtpSender(url) : fileSender(path.join(config.dataDir, 'mail', provider.toLowerCase()));
    return [provider, sender] as const;
  });
  return Object.fromEntries(entries) as Record<MailProvider, MailSender>;
}
