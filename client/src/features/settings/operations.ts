/** The user's own settings (per-user switches) and personal API tokens (SPEC §2 admin: notifications and e-mails, API token). */
import { gql } from '../../lib/graphql';

export interface Setting {
  id: string;
  name: string;
  active: boolean;
  type: string | null;
}

export const getSettingsDocument = gql<{ getUser: { id: string; settings?: Setting[] | null } }>(
  'query GetSettings { getUser { id settings { id name active type } } }',
);

export const setSettingDocument = gql<{ setSetting: Setting }, { name: string; active: boolean; type?: string }>(
  'mutation SetSetting($name: String, $active: Boolean!, $type: String) { setSetting(name: $name, active: $active, type: $type) { id name active type } }',
);

export interface ApiToken {
  id: string;
  name: string;
  /** The first characters of the token, to recognise it. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const tokenFields = 'id name prefix createdAt lastUsedAt';

export const getApiTokensDocument = gql<{ getApiTokens: ApiToken[] }>(`query GetApiTokens { getApiTokens { ${tokenFields} } }`);

export const createApiTokenDocument = gql<{ createApiToken: { token: string; apiToken: ApiToken } }, { name: string }>(
  `mutation CreateApiToken($name: String!) { createApiToken(name: $name) { token apiToken { ${tokenFields} } } }`,
);

export const revokeApiTokenDocument = gql<{ revokeApiToken: boolean }, { id: string }>(
  'mutation RevokeApiToken($id: ID!) { revokeApiToken(id: $id) }',
);
