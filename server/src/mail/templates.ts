import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fallbackLanguage, isSupportedLanguage, supportedLanguages, type Language } from '#shared/constants';
import type { MailMessage } from './mailer';

export type MailKind = 'verifyEmail' | 'resetPassword' | 'accountExists' | 'teamInvitation' | 'teamMemberAdded';

interface MailTexts {
  subject: string;
  greeting: string;
  body: string;
  action: string;
  ignore: string;
  /** Introduces a personal message the sender added (invitations). */
  note?: string;
}

/** Values for a mail's {{placeholders}}; `note` is a personal message shown quoted, as plain text. */
export interface MailValues {
  link: string;
  note?: string | undefined;
  [placeholder: string]: string | undefined;
}

const localesDirectory = resolve(import.meta.dirname, '../../../locales');

const catalogue = new Map<Language, Record<MailKind, MailTexts>>(
  supportedLanguages.map((language) => [
    language,
    JSON.parse(readFileSync(resolve(localesDirectory, language, 'mail.json'), 'utf8')) as Record<MailKind, MailTexts>,
  ]),
);

function fill(template: string, values: MailValues): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, key: string) => values[key] ?? '');
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** A mail in the recipient's language (English when unknown), with a text part and an HTML part. */
export function renderMail(kind: MailKind, language: string, to: string, values: MailValues): MailMessage {
  const texts = (catalogue.get(isSupportedLanguage(language) ? language : fallbackLanguage) ?? catalogue.get(fallbackLanguage)!)[kind];
  const filled = Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, fill(text, values)])) as unknown as MailTexts;
  const note = values.note && filled.note ? { label: filled.note, text: values.note } : null;
  const noteText = note
    ? `${note.label}\n${note.text
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n')}\n\n`
    : '';
  const text = `${filled.greeting}\n\n${filled.body}\n\n${noteText}${filled.action}: ${values.link}\n\n${filled.ignore}\n`;
  const noteHtml = note
    ? `<p>${escapeHtml(note.label)}</p>\n<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #d4d4d8;color:#3f3f46;white-space:pre-wrap">${escapeHtml(note.text)}</blockquote>\n`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#18181b;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(filled.greeting)}</p>
<p>${escapeHtml(filled.body)}</p>
${noteHtml}<p><a href="${escapeHtml(values.link)}" style="display:inline-block;background:#4f46e5;color:#fff;text-decoration:none;padding:10px 18px;border-radius:6px">${escapeHtml(filled.action)}</a></p>
<p style="color:#71717a;font-size:13px">${escapeHtml(filled.ignore)}</p>
</body></html>`;
  // Names people chose end up in the subject: a line break there must not start a new header.
  return { to, subject: filled.subject.replace(/[\r\n]+/g, ' '), text, html };
}
