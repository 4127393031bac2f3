import type { DomainEvent } from '../../core/events';

export interface UserSettingChanged {
  userId: string;
  settingId: string;
  name: string;
  type: string | null;
  active: boolean;
}
/** A team's default for a notification setting (admin "notifications and e-mails"); stream `team:<teamId>`. */
export interface TeamSettingChanged {
  settingId: string;
  teamId: string;
  name: string;
  type: string | null;
  active: boolean;
}
export interface ApiTokenCreated {
  userId: string;
  tokenId: string;
  name: string;
}
export interface ApiTokenRevoked {
  userId: string;
  tokenId: string;
}

/** Events of personal settings and team defaults; `type` strings are stored in the log forever, never renamed. */
export type SettingsEvent =
  | DomainEvent<'user.setting_changed', UserSettingChanged>
  | DomainEvent<'team.setting_changed', TeamSettingChanged>
  | DomainEvent<'user.api_token_created', ApiTokenCreated>
  | DomainEvent<'user.api_token_revoked', ApiTokenRevoked>;
