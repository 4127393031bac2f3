/** The user's own settings (per-user switches) and personal API tokens (SPEC §2 admin: notifications and e-mails, API token). */
import { graphql, type ResultOf } from '../../lib/graphqlDocument';

const settingFragment = graphql('fragment Setting on Setting { id name active type }');

export type Setting = ResultOf<typeof settingFragment>;

export const getSettingsDocument = graphql('query GetSettings { getUser { id settings { ...Setting } } }', [settingFragment]);

export const setSettingDocument = graphql(
  'mutation SetSetting($name: String, $active: Boolean!, $type: String) { setSetting(name: $name, active: $active, type: $type) { ...Setting } }',
  [settingFragment],
);

/** A token as listed: its prefix is the first characters of the token, to recognise it. */
const apiTokenFragment = graphql('fragment ApiToken on ApiToken { id name prefix createdAt lastUsedAt }');

export type ApiToken = ResultOf<typeof apiTokenFragment>;

export const getApiTokensDocument = graphql('query GetApiTokens { getApiTokens { ...ApiToken } }', [apiTokenFragment]);

export const createApiTokenDocument = graphql(
  'mutation CreateApiToken($name: String!) { createApiToken(name: $name) { token apiToken { ...ApiToken } } }',
  [apiTokenFragment],
);

export const revokeApiTokenDocument = graphql('mutation RevokeApiToken($id: ID!) { revokeApiToken(id: $id) }');

/** The current team's notification defaults, with the caller's role there (only admins change them). */
export const getTeamSettingsDocument = graphql('query GetTeamSettings { getTeam { id role settings { ...Setting } } }', [settingFragment]);

export const setTeamSettingDocument = graphql(
  'mutation SetTeamSetting($team: ID!, $name: String!, $active: Boolean!, $type: String) { setSetting(team: $team, name: $name, active: $active, type: $type) { ...Setting } }',
  [settingFragment],
);
