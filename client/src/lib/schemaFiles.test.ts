import { describe, expect, it } from 'vitest';
import { staleSchemaFiles } from '../../../scripts/schema';

describe('schema files', () => {
  it('schema.graphql, the client introspection (graphql-env.d.ts) and the server resolver types (schemaTypes.ts) are what the server schema gives: run tsx scripts/schema.ts', async () => {
    expect(await staleSchemaFiles()).toEqual([]);
  });
});
