import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppDatabase } from '../db/connection';
import { newId } from '../core/ids';
import { outbox } from './tables';

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent along (a calendar invitation's .ics); the outbox keeps the text only. */
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Real delivery through an SMTP server (SMTP_URL). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

/** The links of a mail's text part, in order (a verification, reset or invitation link). */
export function linksOf(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]);
}

/**
 * Without SMTP: keep the mail in the outbox table and write it to the log with its links, so a
 * person trying the product alone can copy a verification or invitation link from the terminal.
 */
export function createOutboxMailer(database: AppDatabase, log: FastifyBaseLogger, outboxUrl: string | null): Mailer {
  return {
    async send(message) {
      const { attachments: _attachments, ...kept } = message;
      await database.db.insert(outbox).values({ id: newId(), ...kept, createdAt: new Date().toISOString() });
      const links = linksOf(message.text);
      const where = outboxUrl ? `; every mail is also at ${outboxUrl}` : '';
      log.info(
        { to: message.to, subject: message.subject, links },
        `No mail server (SMTP_URL) is set, so this mail to ${message.to} was not sent: "${message.subject}"${links.length > 0 ? `, link: ${links.join(' ')}` : ''}${where}`,
      );
    },
    close: () => undefined,
  };
}
