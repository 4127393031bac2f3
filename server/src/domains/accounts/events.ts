import type { DomainEvent } from '../../core/events';
import type { DefaultTeamEvent, ProjectCreated, ProjectMemberAdded, TeamCreated, TeamMemberAdded } from '../teams';

export interface UserRegistered {
  userId: string;
  email: string;
  firstname: string;
  lastname: string;
  language: string;
  defaultTeamId: string;
}
export interface UserLanguageChanged {
  userId: string;
  language: string;
}
export interface UserEmailVerified {
  userId: string;
}
export interface UserPasswordChanged {
  userId: string;
  reason: 'reset' | 'profile';
}
/** Only the fields that changed, with their new values. */
export interface UserProfileUpdated {
  userId: string;
  changes: Partial<{
    firstname: string;
    lastname: string;
    description: string | null;
    currency: string;
    rate: number | null;
    resume: string | null;
    profileImg: string | null;
    role: string | null;
  }>;
}
export interface UserEmailChanged {
  userId: string;
  email: string;
}
export interface UserSignedIn {
  userId: string;
  sessionId: string;
  method: 'password' | 'emailLink' | 'passwordReset' | 'google' | 'microsoft' | 'invitationLink' | 'setUpLink';
}
/** A sign-up came through a promotion link; billing grants the team its PROMOTION credit (once per person). */
export interface UserPromotionClaimed {
  userId: string;
  teamId: string;
  promotion: string;
}
export interface UserSignedOut {
  userId: string;
  sessionId: string;
}

/**
 * The events sign-up decides (team and space ones are the teams area's types) and the ones the accounts
 * projection applies; `type` strings are stored in the log forever, never renamed.
 */
export type AccountEvent =
  | DomainEvent<'user.registered', UserRegistered>
  | DomainEvent<'team.created', TeamCreated>
  | DomainEvent<'team.member_added', TeamMemberAdded>
  | DomainEvent<'project.created', ProjectCreated>
  | DomainEvent<'project.member_added', ProjectMemberAdded>
  | DomainEvent<'user.language_changed', UserLanguageChanged>
  | DomainEvent<'user.email_verified', UserEmailVerified>
  | DomainEvent<'user.password_changed', UserPasswordChanged>
  | DomainEvent<'user.profile_updated', UserProfileUpdated>
  | DomainEvent<'user.email_changed', UserEmailChanged>
  | DomainEvent<'user.signed_in', UserSignedIn>
  | DomainEvent<'user.signed_out', UserSignedOut>
  | DomainEvent<'user.promotion_claimed', UserPromotionClaimed>
  | DefaultTeamEvent;
