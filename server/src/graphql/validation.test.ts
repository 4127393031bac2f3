import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  asksForIntrospection,
  checkSource,
  documentParser,
  isParsedFrom,
  maxBracketNesting,
  operationOf,
  parseAndValidate,
  ValidatedDocuments,
  type DocumentLimits,
} from './validation';
import { graphqlRuntime } from './runtime';

const { buildSchema, parse } = graphqlRuntime;

const schema = buildSchema(`
  type Query { me: User, users(first: Int): [User] }
  type User { id: ID, name: String, friends: [User] }
  type Subscription { changed: User }
`);
const limits: DocumentLimits = { maxDocumentBytes: 2048, maxTokens: 200, maxDepth: 4, maxCost: 50, maxAliases: 3 };
const codes = (result: ReturnType<typeof parseAndValidate>) =>
  'errors' in result ? result.errors.map((error) => error.extensions?.code ?? error.message) : [];

describe('checkSource', () => {
  it('refuses a document over the byte limit, counting UTF-8 bytes, with 413', () => {
    expect(checkSource(`{ me { id } } # ${'x'.repeat(2000)}`, limits)).toBeNull();
    const refused = checkSource(`{ me { id } } # ${'é'.repeat(1100)}`, limits);
    expect(refused?.statusCode).toBe(413);
    expect(refused?.errors[0]?.extensions.code).toBe('PAYLOAD_TOO_LARGE');
    expect(refused?.errors[0]?.message).toMatch(/^The GraphQL document is 22\d\d bytes; the limit is 2048\.$/);
  });

  it('refuses brackets nested deeper than the parser can take, before parsing', () => {
    const deep = `${'{ a '.repeat(maxBracketNesting + 1)}${'}'.repeat(maxBracketNesting + 1)}`;
    expect(checkSource(deep, { maxDocumentBytes: 1_000_000 })?.errors[0]?.extensions.code).toBe('QUERY_TOO_DEEP');
    expect(checkSource(`{ a(x: [[[1]]]) { b } }`, { maxDocumentBytes: 1_000_000 })).toBeNull();
  });
});

describe('parseAndValidate', () => {
  it('accepts a document within every limit', () => {
    expect('document' in parseAndValidate(schema, '{ me { id friends { name } } }', limits)).toBe(true);
  });

  it('stops at the token limit while parsing', () => {
    const result = parseAndValidate(schema, `{ me { ${'id '.repeat(250)} } }`, limits);
    expect('errors' in result && result.errors[0]?.message).toBe('Syntax Error: Document contains more that 200 tokens. Parsing aborted.');
  });

  it('checks depth, fields and aliases, fragments included, before graphql’s own rules', () => {
    expect(codes(parseAndValidate(schema, '{ me { friends { friends { friends { friends { id } } } } } }', limits))).toEqual([
      'QUERY_TOO_DEEP',
    ]);
    expect(
      codes(parseAndValidate(schema, '{ ...F } fragment F on Query { me { friends { friends { friends { friends { id } } } } } }', limits)),
    ).toEqual(['QUERY_TOO_DEEP']);
    expect(codes(parseAndValidate(schema, '{ a: me { id } b: me { id } c: me { id } d: me { id } }', limits))).toEqual([
      'QUERY_TOO_COMPLEX',
    ]);
    // Over the limits and also invalid: only the limits are reported, graphql's rules never ran.
    expect(codes(parseAndValidate(schema, '{ a: nope b: nope c: nope d: nope }', limits))).toEqual(['QUERY_TOO_COMPLEX']);
    expect(codes(parseAndValidate(schema, '{ nope }', limits))).toEqual(['Cannot query field "nope" on type "Query".']);
  });

  it('does not loop on a fragment cycle: graphql’s own rule reports it', () => {
    const result = parseAndValidate(
      schema,
      '{ me { ...A } } fragment A on User { friends { ...B } } fragment B on User { friends { ...A } }',
      { ...limits, maxDepth: 50 },
    );
    expect('errors' in result && result.errors.some((error) => error.message.includes('Cannot spread fragment "A" within itself'))).toBe(
      true,
    );
  });
});

describe('ValidatedDocuments', () => {
  afterEach(() => vi.restoreAllMocks());
  const parses = () => vi.spyOn(documentParser, 'parse');

  it('parses and checks a text once: every subscription sending it shares one document and its key', () => {
    const parse = parses();
    const documents = new ValidatedDocuments(limits);
    const first = documents.check(schema, 'subscription { changed { id } }');
    const second = documents.check(schema, 'subscription { changed { id } }');
    expect('document' in first && 'document' in second && second.document === first.document && second.key === first.key).toBe(true);
    expect(parse).toHaveBeenCalledTimes(1);
    const other = documents.check(schema, 'subscription { changed { name } }');
    expect('key' in other && 'key' in first && other.key !== first.key).toBe(true);
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it('keeps no refused document: each is refused again, with the same errors', () => {
    const parse = parses();
    const documents = new ValidatedDocuments(limits);
    for (let attempt = 0; attempt < 2; attempt += 1)
      expect(codes(documents.check(schema, '{ nope }'))).toEqual(['Cannot query field "nope" on type "Query".']);
    expect(parse).toHaveBeenCalledTimes(2);
    expect(documents.size).toBe(0);
  });

  it('lets the least recently used documents go past its bounds, and a new key is given to a text checked again', () => {
    const documents = new ValidatedDocuments(limits, { maxDocuments: 2, maxSourceCharacters: 1000 });
    const keyOf = (source: string) => {
      const checked = documents.check(schema, source);
      if (!('key' in checked)) throw new Error('refused');
      return checked.key;
    };
    const [a, b, c] = ['{ me { id } }', '{ me { name } }', '{ users { id } }'];
    const keyOfA = keyOf(a!);
    keyOf(b!);
    expect(keyOf(a!)).toBe(keyOfA);
    // b is now the least recently used: c pushes it out, a stays.
    const parse = parses();
    keyOf(c!);
    expect(documents.size).toBe(2);
    expect(keyOf(a!)).toBe(keyOfA);
    expect(parse).toHaveBeenCalledTimes(1);
    keyOf(b!);
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it('bounds the text it keeps, and never keeps a text larger than the bound', () => {
    const documents = new ValidatedDocuments(limits, { maxDocuments: 100, maxSourceCharacters: 31 });
    documents.check(schema, '{ me { id } }');
    documents.check(schema, '{ me { name } }');
    expect(documents.size).toBe(2);
    documents.check(schema, '{ users { id } }');
    expect(documents.size).toBe(2);
    const long = `{ me { id } } # ${'x'.repeat(40)}`;
    const first = documents.check(schema, long);
    const again = documents.check(schema, long);
    expect('key' in first && 'key' in again && first.key !== again.key).toBe(true);
    expect(documents.size).toBe(2);
  });

  it('checks a document again against another schema', () => {
    const documents = new ValidatedDocuments(limits);
    expect('document' in documents.check(schema, '{ me { name } }')).toBe(true);
    const narrower = buildSchema('type Query { me: User } type User { id: ID }');
    expect(codes(documents.check(narrower, '{ me { name } }'))).toEqual(['Cannot query field "name" on type "User".']);
    expect('document' in documents.check(schema, '{ me { name } }')).toBe(true);
  });
});

describe('document shape', () => {
  it('knows a document the parser made from this very text from a syntax tree sent as JSON', () => {
    const source = '{ me { id } }';
    expect(isParsedFrom(parse(source), source)).toBe(true);
    expect(isParsedFrom(JSON.parse(JSON.stringify(parse(source))), source)).toBe(false);
    expect(isParsedFrom(null, 'null')).toBe(false);
  });

  it('finds introspection wherever it hides, and lets __typename through', () => {
    expect(asksForIntrospection(parse('{ __schema { types { name } } }'))).toBe(true);
    expect(asksForIntrospection(parse('{ __type(name: "User") { name } }'))).toBe(true);
    expect(asksForIntrospection(parse('{ ...F } fragment F on Query { me { id } __schema { queryType { name } } }'))).toBe(true);
    expect(asksForIntrospection(parse('{ me { __typename id } }'))).toBe(false);
  });

  it('names the operation to run', () => {
    const document = parse('query A { me { id } } subscription B { changed { id } }');
    expect(operationOf(document, 'B')?.operation).toBe('subscription');
    expect(operationOf(document, undefined)).toBeUndefined();
    expect(operationOf(parse('{ me { id } }'), null)?.operation).toBe('query');
  });
});
