// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { recentDocsDocument } from '../features/home/operations';
import { refreshTokenDocument } from './graphql';
import { documentSource, graphql, operationOf, repeatedDocument, type DocumentText } from './graphqlDocument';

const schema = buildSchema(readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../../schema.graphql'), 'utf8'));

const person = graphql('fragment Person on UserBasic { id firstname }');
const task = graphql('fragment TaskWithPeople on Task { id users { ...Person } followers { ...Person } }', [person]);
const getTask = graphql('query GetTask($id: ID!) { getTask(id: $id) { ...TaskWithPeople author { ...Person } } }', [task, person]);

function isOperation(value: unknown): value is DocumentText {
  return (
    typeof value === 'object' && value !== null && 'text' in value && typeof value.text === 'string' && !/^\s*fragment\b/.test(value.text)
  );
}

/** Every document the client sends: those the areas' operations modules export, and the session refresh. */
function clientDocuments(): [string, DocumentText][] {
  const modules = import.meta.glob<Record<string, unknown>>('../features/*/operations.ts', { eager: true });
  const exported = Object.entries(modules).flatMap(([path, module]) =>
    Object.entries(module).map(([name, value]): [string, unknown] => [`${path.replace('../features/', '')} ${name}`, value]),
  );
  return [
    ...exported,
    ['lib/graphql.ts refreshTokenDocument', refreshTokenDocument],
    ['recentDocsDocument(3)', recentDocsDocument(3)],
  ].filter((entry): entry is [string, DocumentText] => isOperation(entry[1]));
}

describe('GraphQL documents typed from the schema', () => {
  it('sends the operation with every fragment it spreads, each once, and names it by its first root field', () => {
    const sent = documentSource(getTask);
    expect(sent.indexOf('query GetTask')).toBe(0);
    expect(sent.match(/fragment Person on UserBasic/g)).toHaveLength(1);
    expect(sent.match(/fragment TaskWithPeople on Task/g)).toHaveLength(1);
    expect(validate(schema, parse(sent))).toEqual([]);
    expect(operationOf(getTask)).toBe('getTask');
    expect(documentSource(getTask)).toBe(sent);
  });

  it('repeats a document under numbered aliases and variables, its fragments once', () => {
    const template = graphql('query PeopleOf($project: ID!) { people: getUsers(project: $project) { id } }');
    const sent = documentSource(repeatedDocument(template, 3));
    expect(sent).toContain('query PeopleOf($project_0: ID!, $project_1: ID!, $project_2: ID!)');
    expect(sent).toContain('people_2: getUsers(project: $project_2)');
    expect(validate(schema, parse(sent))).toEqual([]);
    expect(documentSource(recentDocsDocument(2)).match(/fragment HomeDoc on Wall/g)).toHaveLength(1);
  });

  it('every document of the client is valid against the schema: fields, arguments, and variables of the types the arguments take', () => {
    const documents = clientDocuments();
    expect(documents.length).toBeGreaterThan(100);
    const invalid = documents.flatMap(([name, document]) =>
      validate(schema, parse(documentSource(document))).map((error) => `${name}: ${error.message}`),
    );
    expect(invalid).toEqual([]);
  });
});
