import { isSupportedLanguage, supportedLanguages } from '#shared/constants';
import { codedError } from '../../errors';
import type { AccountEvent } from './events';

export interface RegistrationInput {
  userId: string;
  teamId: string;
  personalProjectId: string;
  email: string;
  firstname: string;
  lastname: string;
  language: string;
  emailTaken: boolean;
  /** The team's name when the person chose one (the first administrator); else "<first name>'s team". */
  teamName?: string | undefined;
}

/** A new account gets its own team (workspace), where it is admin, and a personal space. */
export function decideRegistration(input: RegistrationInput): { user: AccountEvent[]; team: AccountEvent[]; project: AccountEvent[] } {
  if (input.emailTaken) throw codedError('EMAIL_UNAVAILABLE_FOR_SIGN_UP', { field: 'email' });
  if (!isSupportedLanguage(input.language)) throw unsupportedLanguage();
  const teamName = input.teamName ?? `${input.firstname}'s team`;
  return {
    user: [
      {
        type: 'user.registered',
        payload: {
          userId: input.userId,
          email: input.email,
          firstname: input.firstname,
          lastname: input.lastname,
          language: input.language,
          defaultTeamId: input.teamId,
        },
      },
    ],
    team: [
      { type: 'team.created', payload: { teamId: input.teamId, name: teamName, ownerId: input.userId } },
      { type: 'team.member_added', payload: { teamId: input.teamId, userId: input.userId, role: 'admin' } },
    ],
    project: [
      {
        type: 'project.created',
        payload: {
          projectId: input.personalProjectId,
          teamId: input.teamId,
          name: input.firstname,
          isPersonal: true,
          ownerId: input.userId,
          color: null,
        },
      },
      { type: 'project.member_added', payload: { projectId: input.personalProjectId, userId: input.userId, permission: 'admin' } },
    ],
  };
}

export function decideLanguageChange(current: { userId: string; language: string }, language: string): AccountEvent[] {
  if (!isSupportedLanguage(language)) throw unsupportedLanguage();
  if (current.language === language) return [];
  return [{ type: 'user.language_changed', payload: { userId: current.userId, language } }];
}

function unsupportedLanguage() {
  return codedError('LANGUAGE_UNSUPPORTED', { params: { languages: supportedLanguages.join(', ') }, field: 'language' });
}
