import type { DomainEvent } from '../../events/types';

export interface UserRegistered {
  userId: string;
  email: string;
  firstname: string;
  lastname: string;
  language: string;
  defaultTeamId: string;
}
export interface TeamCreated {
  teamId: string;
  name: string;
  ownerId: string;
}
export interface TeamMemberAdded {
  teamId: string;
  userId: string;
  role: 'admin' | 'basic';
}
export interface ProjectCreated {
  projectId: string;
  teamId: string;
  name: string;
  isPersonal: boolean;
  ownerId: string;
  color: string | null;
}
export interface ProjectMemberAdded {
  projectId: string;
  userId: string;
  permission: 'admin' | 'basic';
}
export interface UserLanguageChanged {
  userId: string;
  language: string;
}
export interface UserSignedIn {
  userId: string;
  sessionId: string;
  method: 'password' | 'signUp';
}
export interface UserSignedOut {
  userId: string;
  sessionId: string;
}

/** The accounts area's events; `type` strings are stored in the log forever, never renamed. */
export type AccountEvent =
  | DomainEvent<'user.registered', UserRegistered>
  | DomainEvent<'team.created', TeamCreated>
  | DomainEvent<'team.member_added', TeamMemberAdded>
  | DomainEvent<'project.created', ProjectCreated>
  | DomainEvent<'project.member_added', ProjectMemberAdded>
  | DomainEvent<'user.language_changed', UserLanguageChanged>
  | DomainEvent<'user.signed_in', UserSignedIn>
  | DomainEvent<'user.signed_out', UserSignedOut>;
