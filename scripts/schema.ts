/**
 * Writes what the client's GraphQL types are inferred from, out of the server's schema (schemaTypeDefs):
 *
 * - `schema.graphql`: the whole SDL, types and fields in alphabetical order, for people and editors;
 * - `client/src/lib/graphql-env.d.ts`: the schema's introspection as a TypeScript type, which gql.tada reads to type
 *   every document of the client (client/src/lib/graphql.ts) in the type checker, with no generated document code.
 *
 * - `server/src/graphql/schemaTypes.ts`: the schema's types and resolver signatures (GraphQL Code Generator's typescript
 *   and typescript-resolvers plugins), which each area's resolver maps satisfy, so the type checker refuses a resolver
 *   whose arguments or result no longer match the schema. Types an area presents map to its presented row type
 *   (`resolverMappers`), which field resolvers get as their parent.
 *
 * `tsx scripts/schema.ts` rewrites all three; `tsx scripts/schema.ts --check` writes nothing and fails (exit code 1) when
 * either differs from what the server's schema gives, so a server change that was not regenerated fails the checks.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { codegen } from '@graphql-codegen/core';
import * as typescriptPlugin from '@graphql-codegen/typescript';
import * as typescriptResolversPlugin from '@graphql-codegen/typescript-resolvers';
import {
  buildSchema,
  introspectionFromSchema,
  lexicographicSortSchema,
  parse,
  printSchema,
  type IntrospectionQuery,
  type IntrospectionType,
  type IntrospectionTypeRef,
} from 'graphql';
import { format, resolveConfig } from 'prettier';
import { schemaTypeDefs } from '../server/src/schema';

export const schemaFile = fileURLToPath(new URL('../schema.graphql', import.meta.url));
export const introspectionFile = fileURLToPath(new URL('../client/src/lib/graphql-env.d.ts', import.meta.url));
export const resolverTypesFile = fileURLToPath(new URL('../server/src/graphql/schemaTypes.ts', import.meta.url));

const regenerate = 'tsx scripts/schema.ts';

export interface SchemaFiles {
  /** The SDL, as `schema.graphql` holds it. */
  schema: string;
  /** The introspection type module, as `client/src/lib/graphql-env.d.ts` holds it. */
  introspection: string;
  /** The resolver types module, as `server/src/graphql/schemaTypes.ts` holds it. */
  resolverTypes: string;
}

/** The two files' contents for the given SDL (the server's whole schema unless told otherwise), formatted as Prettier keeps them. */
export async function renderSchemaFiles(typeDefs: string = schemaTypeDefs()): Promise<SchemaFiles> {
  const schema = lexicographicSortSchema(buildSchema(typeDefs));
  const introspection = introspectionFromSchema(schema, { descriptions: false, specifiedByUrl: false, directiveIsRepeatable: false });
  const sdl = `# Generated from the server's schema (server/src/schema.ts) by \`${regenerate}\`; do not edit.\n\n${printSchema(schema)}\n`;
  return {
    schema: await formatted(sdl, schemaFile),
    introspection: await formatted(introspectionModule(introspection), introspectionFile),
    resolverTypes: await formatted(await resolverTypesModule(sdl), resolverTypesFile),
  };
}

/**
 * The schema types whose value an area builds with its present.ts, and that presented type (`<module>#<type>`, the
 * module relative to server/src/graphql/). Resolvers that return one of these return exactly that type, and field resolvers of it
 * (Folder.path, Task.files...) get it as their parent, with its real ids rather than optional ones. Each presented
 * type is checked against the schema's in the generated module (`MapperFits`), since a mapper replaces it.
 */
export const resolverMappers: Readonly<Record<string, string>> = {
  AuthPayload: '../domains/teams/present#SessionPayload',
  Calendar: '../domains/calendar/present#PresentedCalendar',
  Event: '../domains/calendar/present#PresentedEvent',
  File: '../domains/files/present#PresentedFile',
  Folder: '../domains/files/present#PresentedFolder',
  Message: '../domains/chat/present#PresentedMessage',
  Notification: '../domains/notifications/present#PresentedNotification',
  Project: '../domains/teams/present#PresentedSpace',
  Task: '../domains/tasks/present#PresentedTask',
  Team: '../domains/teams/present#PresentedTeam',
  TeamInvitation: '../domains/teams/present#PresentedInvitation',
  Wall: '../domains/docs/present#PresentedDoc',
};

/**
 * The resolver types. A type with a mapper (above) is its presented type. Any other object type may be returned in
 * any part, at any depth (`ResolvedPart`): other fields come from their own field resolvers, often in another area
 * (a user's settings are the settings area's); what it returns must have the schema's types. JSON is `unknown`.
 * `LiveSubscription` types a subscription whose feed yields something other than the field's type (events), turned
 * into the field's value by its `resolve`.
 */
async function resolverTypesModule(sdl: string): Promise<string> {
  const generated = await codegen({
    schema: parse(sdl),
    documents: [],
    filename: resolverTypesFile,
    config: {
      useTypeImports: true,
      enumsAsTypes: true,
      defaultMapper: 'ResolvedPart<{T}>',
      mappers: resolverMappers,
      contextType: 'mercurius#MercuriusContext',
      scalars: { JSON: 'unknown' },
    },
    plugins: [{ typescript: {} }, { typescriptResolvers: {} }],
    pluginMap: { typescript: typescriptPlugin, typescriptResolvers: typescriptResolversPlugin },
  });
  const resolvedPart = [
    '/**',
    " * Any part of a schema type, at any depth, with the schema's types for what is there (JSON stays unknown). A mapped",
    ' * type (a presented row, which has no __typename) or a promise of one is taken whole: it is what its resolvers return.',
    ' */',
    'type ResolvedPart<T> = unknown extends T',
    '  ? T',
    '  : T extends string | number | boolean | null | undefined',
    '    ? T',
    '    : T extends readonly (infer Item)[]',
    '      ? ResolvedPart<Item>[]',
    "      : '__typename' extends keyof T",
    '        ? { [Key in keyof T]?: ResolvedPart<T[Key]> }',
    '        : T;',
  ].join('\n');
  const header = `// Generated from the server's schema (server/src/schema.ts) by \`${regenerate}\`; do not edit.\n/* eslint-disable */`;
  return `${[header + '\n' + generated, resolvedPart, mapperChecks(), liveSubscription].join('\n\n')}\n`;
}

/**
 * A mapper replaces the schema's type, so each presented type is checked against it: every field it has must have the
 * schema's type there (the fields it lacks come from their own field resolvers or loaders).
 */
function mapperChecks(): string {
  const checks = Object.entries(resolverMappers).map(([typeName, mapper]) => `  MapperFits<${mapper.split('#')[1]}, ${typeName}>,`);
  return [
    "/** Each presented type (resolverMappers in scripts/schema.ts) has the schema's types for the fields it has. */",
    'type MapperFits<Presented extends ResolvedPart<Schema>, Schema> = [Presented, Schema];',
    'export type MapperChecks = [',
    ...checks,
    '];',
  ].join('\n');
}

/** `LiveSubscription` and what it reads of the generated `SubscriptionResolvers`. */
const liveSubscription = [
  '/** The arguments and the result type of a subscription field. */',
  'type SubscriptionField<Field extends keyof SubscriptionResolvers> =',
  '  NonNullable<SubscriptionResolvers[Field]> extends infer Entry',
  '    ? Entry extends { resolve: SubscriptionResolveFn<infer Result, infer _Parent, infer _Context, infer Args> }',
  '      ? { result: Result; args: Args }',
  '      : never',
  '    : never;',
  '',
  '/**',
  " * A subscription field whose feed yields `Delivery` values (events, often with the subscriber's access as judged when",
  " * each arrived), each turned into the field's value by `resolve`: `subscribe` must yield what `resolve` reads, and",
  " * `resolve` must return the field's type, with the field's arguments. Used with `satisfies` on each field of a",
  " * Subscription map, beside the map's own `satisfies SubscriptionResolvers`.",
  ' */',
  'export type LiveSubscription<Field extends keyof SubscriptionResolvers, Delivery> = {',
  "  subscribe: SubscriptionSubscribeFn<Delivery, ResolversParentTypes['Subscription'], MercuriusContext, SubscriptionField<Field>['args']>;",
  "  resolve: SubscriptionResolveFn<SubscriptionField<Field>['result'], Delivery, MercuriusContext, SubscriptionField<Field>['args']>;",
  '};',
].join('\n');

async function formatted(text: string, path: string): Promise<string> {
  return format(text, { ...(await resolveConfig(path)), filepath: path });
}

/**
 * The introspection as a type literal, one schema type per line. Only what gql.tada reads is kept: each type's kind and
 * name, the fields of objects and interfaces (name and type), the input fields, enum values and possible types. Arguments,
 * directives and GraphQL's own `__` types are left out; a document's variables are typed from its own declarations.
 */
function introspectionModule(introspection: IntrospectionQuery): string {
  const { queryType, mutationType, subscriptionType, types } = introspection.__schema;
  const lines = types.filter((type) => !type.name.startsWith('__')).map((type) => `      ${typeLiteral(minifiedType(type))},`);
  return [
    `// Generated from the server's schema (server/src/schema.ts) by \`${regenerate}\`; do not edit.`,
    '// The schema as gql.tada reads it (client/src/lib/graphql.ts): it types every GraphQL document of the client.',
    '',
    '// prettier-ignore',
    'export type introspection = {',
    '  __schema: {',
    `    queryType: ${typeLiteral({ name: queryType.name })};`,
    `    mutationType: ${typeLiteral(mutationType ? { name: mutationType.name } : null)};`,
    `    subscriptionType: ${typeLiteral(subscriptionType ? { name: subscriptionType.name } : null)};`,
    '    types: [',
    ...lines,
    '    ];',
    '  };',
    '};',
    '',
  ].join('\n');
}

type Literal = string | number | boolean | null | readonly Literal[] | { readonly [key: string]: Literal };

function minifiedReference(reference: IntrospectionTypeRef): Literal {
  if (reference.kind === 'LIST' || reference.kind === 'NON_NULL') {
    return { kind: reference.kind, ofType: minifiedReference(reference.ofType) };
  }
  return { kind: reference.kind, name: reference.name };
}

function minifiedType(type: IntrospectionType): Literal {
  switch (type.kind) {
    case 'OBJECT':
    case 'INTERFACE':
      return {
        kind: type.kind,
        name: type.name,
        fields: type.fields.map((field) => ({ name: field.name, type: minifiedReference(field.type) })),
        ...(type.kind === 'INTERFACE' ? { possibleTypes: type.possibleTypes.map((possible) => ({ name: possible.name })) } : {}),
      };
    case 'UNION':
      return { kind: type.kind, name: type.name, possibleTypes: type.possibleTypes.map((possible) => ({ name: possible.name })) };
    case 'ENUM':
      return { kind: type.kind, name: type.name, enumValues: type.enumValues.map((value) => ({ name: value.name })) };
    case 'INPUT_OBJECT':
      return {
        kind: type.kind,
        name: type.name,
        isOneOf: type.isOneOf ?? false,
        inputFields: type.inputFields.map((field) => ({
          name: field.name,
          type: minifiedReference(field.type),
          defaultValue: field.defaultValue ?? null,
        })),
      };
    case 'SCALAR':
      return { kind: type.kind, name: type.name };
  }
}

/** A JSON-like value written as the TypeScript type of exactly that value. */
function typeLiteral(value: Literal): string {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (Array.isArray(value)) return `[${value.map(typeLiteral).join(', ')}]`;
  const entries = Object.entries(value).map(([key, entry]) => `${key}: ${typeLiteral(entry)}`);
  return `{ ${entries.join('; ')} }`;
}

async function readOrEmpty(path: string): Promise<string> {
  return readFile(path, 'utf8').catch(() => '');
}

/** The files that differ from what the schema gives. */
export async function staleSchemaFiles(expected?: SchemaFiles): Promise<string[]> {
  expected ??= await renderSchemaFiles();
  const stale: string[] = [];
  if ((await readOrEmpty(schemaFile)) !== expected.schema) stale.push('schema.graphql');
  if ((await readOrEmpty(introspectionFile)) !== expected.introspection) stale.push('client/src/lib/graphql-env.d.ts');
  if ((await readOrEmpty(resolverTypesFile)) !== expected.resolverTypes) stale.push('server/src/graphql/schemaTypes.ts');
  return stale;
}

async function main(): Promise<void> {
  const expected = await renderSchemaFiles();
  if (process.argv.includes('--check')) {
    const stale = await staleSchemaFiles(expected);
    if (stale.length > 0) {
      console.error(`${stale.join(', ')} ${stale.length > 1 ? 'are' : 'is'} out of date with the server's schema: run ${regenerate}`);
      process.exitCode = 1;
    }
    return;
  }
  await writeFile(schemaFile, expected.schema);
  await writeFile(introspectionFile, expected.introspection);
  await writeFile(resolverTypesFile, expected.resolverTypes);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
