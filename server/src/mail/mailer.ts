import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { DatabaseHandle } from '../db/connection';
import { newId } from '../ids';
import { outbox } from './tables';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
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

/** Without SMTP: keep the mail in the outbox table and log where to read it. */
export function createOutboxMailer(database: DatabaseHandle, log: FastifyBaseLogger, outboxUrl: string | null): Mailer {
  return {
    async send(message) {
      database.db.insert(outbox).values({ id: newId(), ...message, createdAt: new Date().toISOString() }).run();
      log.info({ to: message.to, subject: message.subject }, outboxUrl ? `mail kept in the outbox: read it at ${outboxUrl}` : 'mail kept in the outbox table');
    },
    close: () => undefined,
  };
}
