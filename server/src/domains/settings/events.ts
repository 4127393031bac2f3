import type { DomainEvent } from '../../core/events';

export interface UserSettingChanged {
  userId: string;
  settingId: string;
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

/** Events of personal settings; `type` strings are stored in the log forever, never renamed. */
export type SettingsEvent =
  | DomainEvent<'user.setting_changed', UserSettingChanged>
  | DomainEvent<'user.api_token_created', ApiTokenCreated>
  | DomainEvent<'user.api_token_revoked', ApiTokenRevoked>;
