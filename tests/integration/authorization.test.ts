import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains } from '../../server/src/domains';
import { baseAccess, type OperationAccess } from '../../server/src/domains/module';
import { GraphqlTestClient, nextResults, startTestServer, subscriptionClient, type TestServer } from './harness';

interface IntrospectedType {
  kind: string;
  name: string | null;
  ofType: IntrospectedType | null;
}
interface IntrospectedField {
  name: string;
  args: { name: string; type: IntrospectedType }[];
}
type RootKind = 'query' | 'mutation' | 'subscription';

let server: TestServer;
let rootFields: { kind: RootKind; field: IntrospectedField }[] = [];
const declared: Record<string, OperationAccess> = Object.assign({}, baseAccess, ...domains.map((module) => module.access));

const typeReference = `kind name ofType { kind name ofType { kind name ofType { kind name } } }`;

beforeAll(async () => {
  server = await startTestServer();
  const result = await new GraphqlTestClient(server).execute<Record<string, { fields: IntrospectedField[] } | null>>(`{
    __schema {
      queryType { fields { name args { name type { ${typeReference} } } } }
      mutationType { fields { name args { name type { ${typeReference} } } } }
      subscriptionType { fields { name args { name type { ${typeReference} } } } }
    }
  }`);
  const schema = (result.data as unknown as { __schema: Record<string, { fields: IntrospectedField[] } | null> }).__schema;
  rootFields = (['query', 'mutation', 'subscription'] as const).flatMap((kind) => (schema[`${kind}Type`]?.fields ?? []).map((field) => ({ kind, field })));
});
afterAll(() => server.close());

/** A well-typed placeholder for each required argument, so only authorization can refuse the call. */
function placeholderArguments(field: IntrospectedField): string {
  const values = field.args
    .filter((argument) => argument.type.kind === 'NON_NULL')
    .map((argument) => {
      const named = argument.type.ofType?.kind === 'LIST' ? argument.type.ofType.ofType?.ofType ?? argument.type.ofType.ofType : argument.type.ofType;
      const literal = { ID: '"0123456789abcdef01234567"', String: '"placeholder"', Int: '1', Float: '1', Boolean: 'true' }[named?.name ?? 'String'] ?? '"placeholder"';
      return `${argument.name}: ${argument.type.ofType?.kind === 'LIST' ? `[${literal}]` : literal}`;
    });
  return values.length > 0 ? `(${values.join(', ')})` : '';
}

function selectionFor(field: IntrospectedField): string {
  return `${field.name}${placeholderArguments(field)}`;
}

const countEvents = () => (server.app.services.database.sqlite.prepare('SELECT COUNT(*) AS count FROM events').get() as { count: number }).count;

describe('authorization matrix', () => {
  it('every query, mutation and subscription declares who may call it', () => {
    const undeclared = rootFields.map(({ field }) => field.name).filter((name) => !(name in declared));
    expect(undeclared, 'operations without an access declaration in their domain module').toEqual([]);
    const stale = Object.keys(declared).filter((name) => !rootFields.some(({ field }) => field.name === name));
    expect(stale, 'access declarations for operations that do not exist').toEqual([]);
  });

  it('refuses every non-public query and mutation to an anonymous caller, writing nothing', async () => {
    const anonymous = new GraphqlTestClient(server);
    for (const { kind, field } of rootFields.filter((entry) => entry.kind !== 'subscription' && declared[entry.field.name] !== 'public')) {
      const before = countEvents();
      // Select __typename on object results; scalars need no selection.
      const document = `${kind} { ${selectionFor(field)} }`;
      let result = await anonymous.execute(document);
      if (result.errors?.[0]?.extensions.code === 'GRAPHQL_VALIDATION_FAILED') result = await anonymous.execute(`${kind} { ${selectionFor(field)} { __typename } }`);
      expect(result.errors?.[0]?.extensions.code, `${kind} ${field.name}`).toBe('UNAUTHENTICATED');
      expect(countEvents(), `${field.name} wrote events`).toBe(before);
    }
  });

  it('refuses every non-public subscription to an anonymous connection', async () => {
    for (const { field } of rootFields.filter((entry) => entry.kind === 'subscription' && declared[entry.field.name] !== 'public')) {
      const client = subscriptionClient(server);
      await expect(nextResults(client, `subscription { ${selectionFor(field)} { __typename } }`, {}, 1).done, field.name).rejects.toThrow('No access token');
      await client.dispose();
    }
  });
});
