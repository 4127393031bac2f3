import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fallbackLanguage, isSupportedLanguage, supportedLanguages, type Language } from '#shared/constants';
import type { MailMessage } from './mailer';

export type MailKind = 'verifyEmail' | 'resetPassword' | 'accountExists';

interface MailTexts {
  subject: string;
  greeting: string;
  body: string;
  action: string;
  ignore: string;
}

const localesDirectory = resolve(import.meta.dirname, '../../../locales');

const catalogue = new Map<Language, Record<MailKind, MailTexts>>(
  supportedLanguages.map((language) => [language, JSON.parse(readFileSync(resolve(localesDirectory, language, 'mail.json'), 'utf8')) as Record<MailKind, MailTexts>]),
);

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, key: string) => values[key] ?? '');
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** A mail in the recipient's language (English when unknown), with a text part and an HTML part. */
export function renderMail(kind: MailKind, language: string, to: string, values: { name: string; link: string; hours: string }): MailMessage {
  const texts = (catalogue.get(isSupportedLanguage(language) ? language : fallbackLanguage) ?? catalogue.get(fallbackLanguage)!)[kind];
  const filled = Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, fill(text, values)])) as unknown as MailTexts;
  const text = `${filled.greeting}\n\n${filled.body}\n\n${filled.action}: ${values.link}\n\n${filled.ignore}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#18181b;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(filled.greeting)}</p>
<p>${escapeHtml(filled.body)}</p>
<p><a href="${escapeHtml(values.link)}" style="display:inline-block;background:#4f46e5;color:#fff;text-decoration:none;padding:10px 18px;border-radius:6px">${escapeHtml(filled.action)}</a></p>
<p style="color:#71717a;font-size:13px">${escapeHtml(filled.ignore)}</p>
</body></html>`;
  return { to, subject: filled.subject, text, html };
}
