import { fallbackLanguage, isSupportedLanguage, type Language } from '#shared/constants';
import type { MailMessage } from '../../mail/mailer';
import type { FeedbackKind } from './events';

export interface FeedbackMailInput {
  to: string;
  language: string;
  kind: FeedbackKind;
  message: string;
  authorName: string;
  authorEmail: string;
  page: string | null;
  hasScreenshot: boolean;
  /** Where the administrators read the feedback received (with the screenshot). */
  listLink: string;
}

interface FeedbackMailTexts {
  subject: string;
  intro: string;
  kinds: Record<FeedbackKind, string>;
  page: string;
  screenshot: string;
  open: string;
}

/** The mail each instance administrator gets for a feedback, in their own language. */
const texts: Record<Language, FeedbackMailTexts> = {
  en: {
    subject: 'Feedback ({{kind}}) from {{name}}',
    intro: '{{name}} ({{email}}) sent this feedback:',
    kinds: { idea: 'idea', problem: 'problem', praise: 'praise' },
    page: 'Page: {{page}}',
    screenshot: 'A screenshot is attached to it in the app.',
    open: 'Read the feedback received',
  },
  es: {
    subject: 'Comentario ({{kind}}) de {{name}}',
    intro: '{{name}} ({{email}}) ha enviado este comentario:',
    kinds: { idea: 'idea', problem: 'problema', praise: 'elogio' },
    page: 'Página: {{page}}',
    screenshot: 'Incluye una captura de pantalla, visible en la aplicación.',
    open: 'Leer los comentarios recibidos',
  },
  fr: {
    subject: 'Avis ({{kind}}) de {{name}}',
    intro: '{{name}} ({{email}}) a envoyé cet avis :',
    kinds: { idea: 'idée', problem: 'problème', praise: 'compliment' },
    page: 'Page : {{page}}',
    screenshot: 'Une capture d’écran l’accompagne dans l’application.',
    open: 'Lire les avis reçus',
  },
  it: {
    subject: 'Feedback ({{kind}}) da {{name}}',
    intro: '{{name}} ({{email}}) ha inviato questo feedback:',
    kinds: { idea: 'idea', problem: 'problema', praise: 'apprezzamento' },
    page: 'Pagina: {{page}}',
    screenshot: 'Nell’app è allegato uno screenshot.',
    open: 'Leggi i feedback ricevuti',
  },
  pt: {
    subject: 'Feedback ({{kind}}) de {{name}}',
    intro: '{{name}} ({{email}}) enviou este feedback:',
    kinds: { idea: 'ideia', problem: 'problema', praise: 'elogio' },
    page: 'Página: {{page}}',
    screenshot: 'Há uma captura de tela anexada, visível no aplicativo.',
    open: 'Ler os feedbacks recebidos',
  },
  de: {
    subject: 'Feedback ({{kind}}) von {{name}}',
    intro: '{{name}} ({{email}}) hat dieses Feedback gesendet:',
    kinds: { idea: 'Idee', problem: 'Problem', praise: 'Lob' },
    page: 'Seite: {{page}}',
    screenshot: 'In der App ist ein Screenshot angehängt.',
    open: 'Erhaltenes Feedback lesen',
  },
};

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, key: string) => values[key] ?? '');
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The feedback mail: the message quoted as plain text (never HTML the person wrote), the page, a link to the list. */
export function renderFeedbackMail(input: FeedbackMailInput): MailMessage {
  const language: Language = isSupportedLanguage(input.language) ? input.language : fallbackLanguage;
  const words = texts[language];
  const values = { name: input.authorName, email: input.authorEmail, kind: words.kinds[input.kind], page: input.page ?? '' };
  const intro = fill(words.intro, values);
  const quoted = input.message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const extras = [input.page ? fill(words.page, values) : null, input.hasScreenshot ? words.screenshot : null].filter(
    (line): line is string => line !== null,
  );
  const text = `${intro}\n\n${quoted}\n\n${extras.map((line) => `${line}\n`).join('')}${extras.length > 0 ? '\n' : ''}${words.open}: ${input.listLink}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#18181b;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(intro)}</p>
<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #d4d4d8;color:#3f3f46;white-space:pre-wrap">${escapeHtml(input.message)}</blockquote>
${extras.map((line) => `<p style="color:#52525b">${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(input.listLink)}" style="display:inline-block;background:#4f46e5;color:#fff;text-decoration:none;padding:10px 18px;border-radius:6px">${escapeHtml(words.open)}</a></p>
</body></html>`;
  // A name people chose ends up in the subject: a line break there must not start a new header.
  return { to: input.to, subject: fill(words.subject, values).replace(/[\r\n]+/g, ' '), text, html };
}
