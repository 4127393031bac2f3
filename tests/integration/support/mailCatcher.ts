import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A received mail as most tests read it. */
export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export function caughtMail(mail: ParsedMail): CaughtMail {
  return {
    to: mail.to && !Array.isArray(mail.to) ? mail.to.text : '',
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
  };
}

export interface MailCatcher<Mail = CaughtMail> {
  received: Mail[];
  /** The SMTP_URL to give the server. */
  url: string;
  close(): void;
}

/**
 * A real SMTP server on a free local port that keeps what it receives, each mail as `read` makes it; `url` is
 * the server's SMTP_URL.
 */
export async function startMailCatcher<Mail = CaughtMail>(read?: (mail: ParsedMail) => Mail): Promise<MailCatcher<Mail>> {
  const received: Mail[] = [];
  const readMail = read ?? (caughtMail as unknown as (mail: ParsedMail) => Mail);
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(readMail(mail));
        callback();
      }, callback);
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  return {
    received,
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    close: () => smtp.close(),
  };
}
