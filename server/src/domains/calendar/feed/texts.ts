import { fallbackLanguage, isSupportedLanguage, supportedLanguages, type Language } from '#shared/constants';

/**
 * What a guest reads (invitation mails and the answer page), in the six languages. Guests have no account,
 * so the mails are in the organizer's language and the page in the browser's (Accept-Language).
 */
export interface GuestTexts {
  invitationSubject: string;
  updateSubject: string;
  cancelSubject: string;
  invitationBody: string;
  updateBody: string;
  cancelBody: string;
  when: string;
  where: string;
  join: string;
  answer: string;
  attachment: string;
  pageTitle: string;
  question: string;
  accept: string;
  reject: string;
  accepted: string;
  rejected: string;
  currently: string;
  notInvited: string;
  invalidLink: string;
}

const texts: Record<Language, GuestTexts> = {
  en: {
    invitationSubject: 'Invitation: {{title}} ({{when}})',
    updateSubject: 'Updated invitation: {{title}} ({{when}})',
    cancelSubject: 'Cancelled: {{title}} ({{when}})',
    invitationBody: '{{organizer}} invited you to "{{title}}".',
    updateBody: '{{organizer}} changed "{{title}}".',
    cancelBody: '{{organizer}} cancelled "{{title}}" or removed you from it.',
    when: 'When',
    where: 'Where',
    join: 'Join the meeting',
    answer: 'Accept or decline',
    attachment: 'The attached invite.ics adds the event to your calendar.',
    pageTitle: 'Your answer',
    question: 'Will you attend?',
    accept: 'Accept',
    reject: 'Decline',
    accepted: 'You accepted. {{organizer}} sees your answer.',
    rejected: 'You declined. {{organizer}} sees your answer.',
    currently: 'Your answer now: {{answer}}.',
    notInvited: 'This invitation is no longer valid: the event was cancelled or you were removed from it.',
    invalidLink: 'This link is not valid. Use the link from your invitation e-mail.',
  },
  es: {
    invitationSubject: 'Invitación: {{title}} ({{when}})',
    updateSubject: 'Invitación actualizada: {{title}} ({{when}})',
    cancelSubject: 'Cancelado: {{title}} ({{when}})',
    invitationBody: '{{organizer}} te ha invitado a «{{title}}».',
    updateBody: '{{organizer}} ha cambiado «{{title}}».',
    cancelBody: '{{organizer}} ha cancelado «{{title}}» o te ha quitado de la lista.',
    when: 'Cuándo',
    where: 'Dónde',
    join: 'Unirse a la reunión',
    answer: 'Aceptar o rechazar',
    attachment: 'El archivo adjunto invite.ics añade el evento a tu calendario.',
    pageTitle: 'Tu respuesta',
    question: '¿Asistirás?',
    accept: 'Aceptar',
    reject: 'Rechazar',
    accepted: 'Has aceptado. {{organizer}} ve tu respuesta.',
    rejected: 'Has rechazado. {{organizer}} ve tu respuesta.',
    currently: 'Tu respuesta actual: {{answer}}.',
    notInvited: 'Esta invitación ya no es válida: el evento se canceló o te quitaron de él.',
    invalidLink: 'Este enlace no es válido. Usa el enlace de tu correo de invitación.',
  },
  fr: {
    invitationSubject: 'Invitation : {{title}} ({{when}})',
    updateSubject: 'Invitation modifiée : {{title}} ({{when}})',
    cancelSubject: 'Annulé : {{title}} ({{when}})',
    invitationBody: '{{organizer}} vous invite à « {{title}} ».',
    updateBody: '{{organizer}} a modifié « {{title}} ».',
    cancelBody: '{{organizer}} a annulé « {{title}} » ou vous en a retiré.',
    when: 'Quand',
    where: 'Où',
    join: 'Rejoindre la réunion',
    answer: 'Accepter ou refuser',
    attachment: 'Le fichier joint invite.ics ajoute l’événement à votre agenda.',
    pageTitle: 'Votre réponse',
    question: 'Serez-vous présent ?',
    accept: 'Accepter',
    reject: 'Refuser',
    accepted: 'Vous avez accepté. {{organizer}} voit votre réponse.',
    rejected: 'Vous avez refusé. {{organizer}} voit votre réponse.',
    currently: 'Votre réponse actuelle : {{answer}}.',
    notInvited: 'Cette invitation n’est plus valable : l’événement a été annulé ou vous en avez été retiré.',
    invalidLink: 'Ce lien n’est pas valable. Utilisez le lien de votre e-mail d’invitation.',
  },
  it: {
    invitationSubject: 'Invito: {{title}} ({{when}})',
    updateSubject: 'Invito aggiornato: {{title}} ({{when}})',
    cancelSubject: 'Annullato: {{title}} ({{when}})',
    invitationBody: '{{organizer}} ti ha invitato a «{{title}}».',
    updateBody: '{{organizer}} ha modificato «{{title}}».',
    cancelBody: '{{organizer}} ha annullato «{{title}}» o ti ha rimosso.',
    when: 'Quando',
    where: 'Dove',
    join: 'Partecipa alla riunione',
    answer: 'Accetta o rifiuta',
    attachment: 'L’allegato invite.ics aggiunge l’evento al tuo calendario.',
    pageTitle: 'La tua risposta',
    question: 'Parteciperai?',
    accept: 'Accetta',
    reject: 'Rifiuta',
    accepted: 'Hai accettato. {{organizer}} vede la tua risposta.',
    rejected: 'Hai rifiutato. {{organizer}} vede la tua risposta.',
    currently: 'La tua risposta attuale: {{answer}}.',
    notInvited: 'Questo invito non è più valido: l’evento è stato annullato o sei stato rimosso.',
    invalidLink: 'Questo link non è valido. Usa il link della tua e-mail di invito.',
  },
  pt: {
    invitationSubject: 'Convite: {{title}} ({{when}})',
    updateSubject: 'Convite atualizado: {{title}} ({{when}})',
    cancelSubject: 'Cancelado: {{title}} ({{when}})',
    invitationBody: '{{organizer}} convidou você para "{{title}}".',
    updateBody: '{{organizer}} alterou "{{title}}".',
    cancelBody: '{{organizer}} cancelou "{{title}}" ou removeu você.',
    when: 'Quando',
    where: 'Onde',
    join: 'Entrar na reunião',
    answer: 'Aceitar ou recusar',
    attachment: 'O anexo invite.ics adiciona o evento à sua agenda.',
    pageTitle: 'Sua resposta',
    question: 'Você vai participar?',
    accept: 'Aceitar',
    reject: 'Recusar',
    accepted: 'Você aceitou. {{organizer}} vê sua resposta.',
    rejected: 'Você recusou. {{organizer}} vê sua resposta.',
    currently: 'Sua resposta atual: {{answer}}.',
    notInvited: 'Este convite não é mais válido: o evento foi cancelado ou você foi removido.',
    invalidLink: 'Este link não é válido. Use o link do seu e-mail de convite.',
  },
  de: {
    invitationSubject: 'Einladung: {{title}} ({{when}})',
    updateSubject: 'Geänderte Einladung: {{title}} ({{when}})',
    cancelSubject: 'Abgesagt: {{title}} ({{when}})',
    invitationBody: '{{organizer}} hat Sie zu „{{title}}“ eingeladen.',
    updateBody: '{{organizer}} hat „{{title}}“ geändert.',
    cancelBody: '{{organizer}} hat „{{title}}“ abgesagt oder Sie ausgeladen.',
    when: 'Wann',
    where: 'Wo',
    join: 'An der Besprechung teilnehmen',
    answer: 'Zusagen oder absagen',
    attachment: 'Die angehängte invite.ics trägt den Termin in Ihren Kalender ein.',
    pageTitle: 'Ihre Antwort',
    question: 'Nehmen Sie teil?',
    accept: 'Zusagen',
    reject: 'Absagen',
    accepted: 'Sie haben zugesagt. {{organizer}} sieht Ihre Antwort.',
    rejected: 'Sie haben abgesagt. {{organizer}} sieht Ihre Antwort.',
    currently: 'Ihre Antwort bisher: {{answer}}.',
    notInvited: 'Diese Einladung gilt nicht mehr: Der Termin wurde abgesagt oder Sie wurden ausgeladen.',
    invalidLink: 'Dieser Link ist ungültig. Verwenden Sie den Link aus Ihrer Einladungs-E-Mail.',
  },
};

export function guestTexts(language: string): GuestTexts {
  return texts[isSupportedLanguage(language) ? language : fallbackLanguage];
}

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, key: string) => values[key] ?? '');
}

/** The best of our languages for an Accept-Language header (quality order), English when none fits. */
export function languageOfAcceptLanguage(header: string | undefined): Language {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const quality = Number(
        parameters
          .find((parameter) => parameter.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { language: tag.trim().slice(0, 2).toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((first, second) => second.quality - first.quality || first.index - second.index);
  const found = ranked.find((entry) => (supportedLanguages as readonly string[]).includes(entry.language));
  return found ? (found.language as Language) : fallbackLanguage;
}

/** When an event happens, in a language and the event's zone, named (all-day: the date only). */
export function whenText(language: string, start: string, timeZone: string, allDay: boolean): string {
  try {
    if (allDay) return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone }).format(new Date(start));
    return `${new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(new Date(start))} (${timeZone})`;
  } catch {
    return new Date(start).toISOString();
  }
}
