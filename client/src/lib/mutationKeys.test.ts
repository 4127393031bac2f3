import { describe, expect, it } from 'vitest';
import { isMutationText, newMutationKey } from './mutationKeys';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('mutation keys', () => {
  it('are random version-4 UUIDs, also where randomUUID is missing (plain http on a local network)', () => {
    const withoutRandomUuid = { getRandomValues: (array: Uint8Array<ArrayBuffer>) => crypto.getRandomValues(array) };
    const keys = [newMutationKey(), newMutationKey(withoutRandomUuid), newMutationKey(withoutRandomUuid)];
    for (const key of keys) expect(key).toMatch(uuid);
    expect(new Set(keys).size).toBe(3);
  });

  it('tell mutations from queries and subscriptions', () => {
    expect(isMutationText('mutation SetTask($name: String!) { setTask(name: $name) { id } }')).toBe(true);
    expect(isMutationText('\n  # saves the name\n  mutation { ediTask(id: 1) { id } }')).toBe(true);
    expect(isMutationText('query GetTask { getTask(id: 1) { id } }')).toBe(false);
    expect(isMutationText('subscription { subTask(project: 1) { seq } }')).toBe(false);
    expect(isMutationText('query mutations { getTask(id: 1) { id } }')).toBe(false);
  });
});
