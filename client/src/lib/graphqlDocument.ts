/**
 * GraphQL documents typed from the server's schema. gql.tada reads the schema's introspection (graphql-env.d.ts,
 * written by `tsx scripts/schema.ts` from the server's SDL) and infers, in the type checker, each document's result
 * and variables from its text: no document code is generated, and a field renamed on the server breaks the client's
 * type check instead of a screen at run time.
 *
 *   const getTaskDocument = graphql(`query GetTask($id: ID!) { getTask(id: $id) { id name } }`);
 *   const { getTask } = await request(getTaskDocument, { id }); // getTask: { id: string; name: string }
 *
 * A selection that names a field the schema does not have is refused where the document is written (the error lists
 * the paths, e.g. `getTask.nmae`); `request` and `subscribe` take the variables exactly as the document declares them
 * (required when a variable is non-null). Shared selections are fragments, passed in the second argument; masking is
 * off, so a fragment's fields are part of the result that spreads it. Arguments and the types of the variables given
 * to them are checked against the schema by a unit test (graphqlDocument.test.ts): gql.tada does not look at them.
 *
 * Types only: at run time a document is its text as written and the fragments it spreads, never parsed; the text sent
 * to the server is the document's followed by each fragment it needs, once.
 */
import type { DocumentDecoration, initGraphQLTada, ResultOf, VariablesOf } from 'gql.tada';
import type { introspection } from './graphql-env';

export type { ResultOf, VariablesOf };

/** What the schema's JSON scalar carries (rich text, activity details, upload headers). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** A JSON value's members when it is an object (activity details, upload headers); none for anything else. */
export function jsonObject(value: JsonValue | undefined): Readonly<Partial<JsonObject>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
}

/** A document at run time: its own text, as written, and the fragments it spreads. */
export interface DocumentText {
  readonly text: string;
  readonly fragments: readonly DocumentText[];
}

/** A document with the types of its result and variables, as `request` and `subscribe` take it. */
export type GraphQLDocument<TData = unknown, TVariables = Readonly<Record<string, unknown>>> = DocumentText &
  DocumentDecoration<TData, TVariables>;

// gql.tada's document function, as a type only: it is never called (see the module comment).
declare const schemaDocument: initGraphQLTada<{ introspection: introspection; scalars: { JSON: JsonValue }; disableMasking: true }>;

type Fragments = readonly (NonNullable<Parameters<typeof schemaDocument>[1]>[number] & DocumentText)[];

// Only its type is used: the return type of a generic function can be instantiated for a given text
// (`typeof _inferred<Source, Used>`), that of gql.tada's overloaded one cannot.
function _inferred<const Source extends string, const Used extends Fragments = []>(source: Source, fragments?: Used) {
  return schemaDocument(source, fragments);
}
type Inferred<Source extends string, Used extends Fragments> = ReturnType<typeof _inferred<Source, Used>>;

/** What gql.tada infers for a text, on a document that is only text at run time. */
type DocumentOf<Source extends string, Used extends Fragments> = DocumentText &
  Omit<Inferred<Source, Used>, 'kind' | 'definitions' | 'loc'>;

/**
 * The dotted paths of a result type that gql.tada could not type: fields the schema does not have (it types them
 * `unknown` instead of refusing them). JSON values are leaves: their own structure is not a selection.
 */
type UnknownFieldPaths<Type, Path extends string = ''> = unknown extends Type
  ? Path
  : JsonValue extends Type
    ? never
    : Type extends readonly (infer Item)[]
      ? UnknownFieldPaths<Item, Path>
      : Type extends object
        ? { [Key in keyof Type & string]: UnknownFieldPaths<Type[Key], Path extends '' ? Key : `${Path}.${Key}`> }[keyof Type & string]
        : never;

/** `unknown` (no constraint) for a text that parses and selects only fields of the schema; else what is wrong, as a type error. */
type Checked<Source extends string, Used extends Fragments> = [Inferred<Source, Used>] extends [never]
  ? { 'Not a GraphQL document of this schema': Source }
  : [UnknownFieldPaths<ResultOf<Inferred<Source, Used>>>] extends [never]
    ? unknown
    : { 'Fields that do not exist in the schema': UnknownFieldPaths<ResultOf<Inferred<Source, Used>>> };

/** A GraphQL document (operation or fragment) typed from the schema; see the module comment. */
export function graphql<const Source extends string, const Used extends Fragments = []>(
  source: Source & Checked<Source, Used>,
  fragments?: Used,
): DocumentOf<Source, Used> {
  const document: DocumentText = { text: source, fragments: fragments ?? [] };
  // The text carries no value of those types: they describe what the server answers to it.
  return document as DocumentOf<Source, Used>;
}

const sources = new WeakMap<DocumentText, string>();

/** The text sent to the server: the document's, then every fragment it spreads (those of its fragments too), each once. */
export function documentSource(document: DocumentText): string {
  let source = sources.get(document);
  if (source === undefined) {
    const needed = new Set<DocumentText>();
    const collect = (fragments: readonly DocumentText[]) => {
      for (const fragment of fragments) {
        if (needed.has(fragment)) continue;
        needed.add(fragment);
        collect(fragment.fragments);
      }
    };
    collect(document.fragments);
    source = [document.text, ...[...needed].map((fragment) => fragment.text)].join('\n');
    sources.set(document, source);
  }
  return source;
}

/** The first field inside the outermost selection set (alias-aware): `query A { x: getTask(id: 1) { id } }` -> "getTask". */
export function rootFieldOf(source: string): string {
  const selection = source.slice(source.indexOf('{') + 1);
  const match = /^\s*([_A-Za-z]\w*)\s*(?::\s*([_A-Za-z]\w*))?/.exec(selection);
  if (!match?.[1]) throw new Error(`GraphQL document without a root field: ${source}`);
  return match[2] ?? match[1];
}

/** The operation's first root field, e.g. "getTask": what the error catalogue (graphql.ts) matches on. */
export function operationOf(document: DocumentText): string {
  return rootFieldOf(document.text);
}

/**
 * A document that runs `template` once per item under numbered aliases, in one request: `docs: getWalls(project: $project)`
 * repeated twice is `docs_0: getWalls(project: $project_0) docs_1: getWalls(project: $project_1)`, its fragments once.
 * The template is typed from the schema like any other and each part of the answer has its type; the variables get
 * the same suffix: `{ project_0: 'a', project_1: 'b' }`. The template's root fields must be aliased.
 */
export function repeatedDocument<TPart, TVariables>(
  template: GraphQLDocument<Record<string, TPart>, TVariables>,
  count: number,
): GraphQLDocument<Partial<Record<string, TPart>>, Record<string, TVariables[keyof TVariables]>> {
  const { text } = template;
  const header = text.slice(0, text.indexOf('{'));
  const selections = text.slice(text.indexOf('{') + 1, text.lastIndexOf('}'));
  const name = header.replace(/\(.*$/s, '').trim();
  const variables = /\(([^)]*)\)/.exec(header)?.[1] ?? '';
  if (!/^\s*\w+\s*:/.test(selections)) throw new Error(`repeatedDocument needs an aliased root field: ${text}`);
  const numbered = (part: string, index: number) => part.replace(/\$(\w+)/g, `$$$1_${index}`).replace(/^(\s*\w+)(\s*:)/, `$1_${index}$2`);
  const indices = Array.from({ length: count }, (_, index) => index);
  const declarations = variables.trim() ? `(${indices.map((index) => numbered(variables.trim(), index)).join(', ')})` : '';
  return {
    text: `${name}${declarations} {${indices.map((index) => numbered(selections, index)).join('\n')}}`,
    fragments: template.fragments,
  };
}
