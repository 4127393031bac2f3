import { fallbackLanguage, isSupportedLanguage, type Language } from '#shared/constants';
import type { MailMessage } from './mailer';

/** The digest's sections: the kinds of notification the preferences screen groups types by. */
export const digestGroups = ['tasks', 'mentions', 'spaces', 'filesStories', 'meetingsCalls', 'calendar', 'other'] as const;
export type DigestGroup = (typeof digestGroups)[number];

export interface DigestItem {
  description: string;
  /** Who caused it, or null (an account that is gone, a promotion). */
  author: string | null;
  /** Where the app opens it. */
  link: string;
}

export interface DigestTeam {
  name: string;
  sections: { group: DigestGroup; items: DigestItem[] }[];
}

export interface DigestMailInput {
  to: string;
  firstname: string;
  teams: DigestTeam[];
  appLink: string;
  preferencesLink: string;
  unsubscribeLink: string;
}

/** What the digest and the unsubscribe page say, in the six languages (the person's own language). */
interface DigestTexts {
  subject: string;
  greeting: string;
  intro: string;
  by: string;
  groups: Record<DigestGroup, string>;
  openApp: string;
  footer: string;
  preferences: string;
  unsubscribe: string;
  pageTitle: string;
  unsubscribed: string;
  invalidLink: string;
}

const texts: Record<Language, DigestTexts> = {
  en: {
    subject: 'Unread notifications: {{count}}',
    greeting: 'Hello {{name}},',
    intro: 'Here is what is still unread since your last summary.',
    by: 'by {{name}}',
    groups: {
      tasks: 'Tasks',
      mentions: 'Mentions',
      spaces: 'Spaces',
      filesStories: 'Files and stories',
      meetingsCalls: 'Meetings and calls',
      calendar: 'Calendar',
      other: 'Other',
    },
    openApp: 'Open the app',
    footer: 'You get this summary because e-mail notifications are on for these kinds of notification.',
    preferences: 'Choose what you get',
    unsubscribe: 'Unsubscribe from this summary',
    pageTitle: 'E-mail summary',
    unsubscribed: 'Done: you will no longer get the e-mail summary of your notifications. You can turn it back on in your preferences.',
    invalidLink: 'This unsubscribe link is not valid. Use the link from your latest summary e-mail.',
  },
  es: {
    subject: 'Notificaciones sin leer: {{count}}',
    greeting: 'Hola, {{name}}:',
    intro: 'Esto es lo que sigue sin leer desde tu último resumen.',
    by: 'de {{name}}',
    groups: {
      tasks: 'Tareas',
      mentions: 'Menciones',
      spaces: 'Espacios',
      filesStories: 'Archivos e historias',
      meetingsCalls: 'Reuniones y llamadas',
      calendar: 'Calendario',
      other: 'Otras',
    },
    openApp: 'Abrir la aplicación',
    footer: 'Recibes este resumen porque las notificaciones por correo están activadas para estos tipos de notificación.',
    preferences: 'Elige qué recibes',
    unsubscribe: 'Darse de baja de este resumen',
    pageTitle: 'Resumen por correo',
    unsubscribed: 'Hecho: ya no recibirás el resumen de tus notificaciones por correo. Puedes volver a activarlo en tus preferencias.',
    invalidLink: 'Este enlace para darse de baja no es válido. Usa el enlace de tu último correo de resumen.',
  },
  fr: {
    subject: 'Notifications non lues : {{count}}',
    greeting: 'Bonjour {{name}},',
    intro: 'Voici ce qui reste non lu depuis votre dernier récapitulatif.',
    by: 'par {{name}}',
    groups: {
      tasks: 'Tâches',
      mentions: 'Mentions',
      spaces: 'Espaces',
      filesStories: 'Fichiers et stories',
      meetingsCalls: 'Réunions et appels',
      calendar: 'Calendrier',
      other: 'Autres',
    },
    openApp: 'Ouvrir l’application',
    footer: 'Vous recevez ce récapitulatif car les notifications par e-mail sont activées pour ces types de notification.',
    preferences: 'Choisir ce que vous recevez',
    unsubscribe: 'Se désabonner de ce récapitulatif',
    pageTitle: 'Récapitulatif par e-mail',
    unsubscribed:
      'C’est fait : vous ne recevrez plus le récapitulatif de vos notifications par e-mail. Vous pouvez le réactiver dans vos préférences.',
    invalidLink: 'Ce lien de désabonnement n’est pas valide. Utilisez le lien de votre dernier e-mail récapitulatif.',
  },
  it: {
    subject: 'Notifiche non lette: {{count}}',
    greeting: 'Ciao {{name}},',
    intro: 'Ecco cosa è ancora da leggere dal tuo ultimo riepilogo.',
    by: 'di {{name}}',
    groups: {
      tasks: 'Attività',
      mentions: 'Menzioni',
      spaces: 'Spazi',
      filesStories: 'File e storie',
      meetingsCalls: 'Riunioni e chiamate',
      calendar: 'Calendario',
      other: 'Altro',
    },
    openApp: 'Apri l’app',
    footer: 'Ricevi questo riepilogo perché le notifiche via e-mail sono attive per questi tipi di notifica.',
    preferences: 'Scegli cosa ricevere',
    unsubscribe: 'Annulla l’iscrizione a questo riepilogo',
    pageTitle: 'Riepilogo via e-mail',
    unsubscribed: 'Fatto: non riceverai più il riepilogo delle notifiche via e-mail. Puoi riattivarlo nelle tue preferenze.',
    invalidLink: 'Questo link per annullare l’iscrizione non è valido. Usa il link del tuo ultimo riepilogo via e-mail.',
  },
  pt: {
    subject: 'Notificações por ler: {{count}}',
    greeting: 'Olá, {{name}},',
    intro: 'Eis o que continua por ler desde o seu último resumo.',
    by: 'de {{name}}',
    groups: {
      tasks: 'Tarefas',
      mentions: 'Menções',
      spaces: 'Espaços',
      filesStories: 'Ficheiros e histórias',
      meetingsCalls: 'Reuniões e chamadas',
      calendar: 'Calendário',
      other: 'Outras',
    },
    openApp: 'Abrir a aplicação',
    footer: 'Recebe este resumo porque as notificações por e-mail estão ativas para estes tipos de notificação.',
    preferences: 'Escolher o que recebe',
    unsubscribe: 'Cancelar a subscrição deste resumo',
    pageTitle: 'Resumo por e-mail',
    unsubscribed: 'Feito: deixará de receber o resumo das suas notificações por e-mail. Pode voltar a ativá-lo nas suas preferências.',
    invalidLink: 'Esta ligação para cancelar a subscrição não é válida. Use a ligação do seu último e-mail de resumo.',
  },
  de: {
    subject: 'Ungelesene Benachrichtigungen: {{count}}',
    greeting: 'Hallo {{name}},',
    intro: 'Das ist seit deiner letzten Zusammenfassung noch ungelesen.',
    by: 'von {{name}}',
    groups: {
      tasks: 'Aufgaben',
      mentions: 'Erwähnungen',
      spaces: 'Bereiche',
      filesStories: 'Dateien und Storys',
      meetingsCalls: 'Meetings und Anrufe',
      calendar: 'Kalender',
      other: 'Sonstiges',
    },
    openApp: 'App öffnen',
    footer: 'Du bekommst diese Zusammenfassung, weil E-Mail-Benachrichtigungen für diese Arten von Benachrichtigungen an sind.',
    preferences: 'Auswählen, was du bekommst',
    unsubscribe: 'Diese Zusammenfassung abbestellen',
    pageTitle: 'E-Mail-Zusammenfassung',
    unsubscribed:
      'Erledigt: Du bekommst keine E-Mail-Zusammenfassung deiner Benachrichtigungen mehr. In deinen Einstellungen kannst du sie wieder einschalten.',
    invalidLink: 'Dieser Abmeldelink ist ungültig. Verwende den Link aus deiner letzten Zusammenfassung.',
  },
};

export function digestTexts(language: string): DigestTexts {
  return texts[isSupportedLanguage(language) ? language : fallbackLanguage];
}

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_match, key: string) => String(values[key] ?? ''));

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Names and descriptions people wrote go into one line each: a line break must not start another line of the mail. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

/** The digest of one person's unread notifications, in their language: a text part and an HTML part. */
export function renderDigestMail(language: string, input: DigestMailInput): MailMessage {
  const words = digestTexts(language);
  const count = input.teams.reduce((sum, team) => sum + team.sections.reduce((inTeam, section) => inTeam + section.items.length, 0), 0);
  const showTeams = input.teams.length > 1;
  const textLines: string[] = [fill(words.greeting, { name: oneLine(input.firstname) }), '', words.intro, ''];
  const htmlParts: string[] = [
    `<p>${escapeHtml(fill(words.greeting, { name: input.firstname }))}</p>`,
    `<p>${escapeHtml(words.intro)}</p>`,
  ];
  for (const team of input.teams) {
    if (showTeams) {
      textLines.push(`== ${oneLine(team.name)} ==`, '');
      htmlParts.push(`<h2 style="font-size:18px;margin:24px 0 8px">${escapeHtml(team.name)}</h2>`);
    }
    for (const section of team.sections) {
      textLines.push(words.groups[section.group]);
      htmlParts.push(
        `<h3 style="font-size:15px;margin:16px 0 4px">${escapeHtml(words.groups[section.group])}</h3><ul style="padding-left:20px;margin:0">`,
      );
      for (const item of section.items) {
        const by = item.author ? ` (${fill(words.by, { name: oneLine(item.author) })})` : '';
        textLines.push(`- ${oneLine(item.description)}${by}`, `  ${item.link}`);
        htmlParts.push(
          `<li style="margin:4px 0"><a href="${escapeHtml(item.link)}" style="color:#4338ca">${escapeHtml(oneLine(item.description))}</a>${escapeHtml(by)}</li>`,
        );
      }
      textLines.push('');
      htmlParts.push('</ul>');
    }
  }
  textLines.push(
    `${words.openApp}: ${input.appLink}`,
    '',
    '--',
    words.footer,
    `${words.preferences}: ${input.preferencesLink}`,
    `${words.unsubscribe}: ${input.unsubscribeLink}`,
    '',
  );
  const html = `<!doctype html><html lang="${escapeHtml(isSupportedLanguage(language) ? language : fallbackLanguage)}"><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#18181b;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
${htmlParts.join('\n')}
<p style="margin-top:24px"><a href="${escapeHtml(input.appLink)}" style="display:inline-block;background:#4f46e5;color:#fff;text-decoration:none;padding:10px 18px;border-radius:6px">${escapeHtml(words.openApp)}</a></p>
<p style="color:#52525b;font-size:13px;border-top:1px solid #e4e4e7;padding-top:12px">${escapeHtml(words.footer)}<br>
<a href="${escapeHtml(input.preferencesLink)}" style="color:#52525b">${escapeHtml(words.preferences)}</a> · <a href="${escapeHtml(input.unsubscribeLink)}" style="color:#52525b">${escapeHtml(words.unsubscribe)}</a></p>
</body></html>`;
  return { to: input.to, subject: fill(words.subject, { count }), text: textLines.join('\n'), html };
}
