import type { DocumentNode, GraphQLError, GraphQLSchema, OperationDefinitionNode, ValidationRule } from 'graphql';
import { errorMessages, type ErrorCode } from '#shared/errors';
import { bracketNesting, queryDepthRule, queryLimitsRule } from './limits';
import { graphqlRuntime } from './runtime';

const { GraphQLError: GraphqlErrorClass, Kind, specifiedRules, validate, visit, BREAK } = graphqlRuntime;

/** The GraphQL parser the websocket path uses, as an object so a test can count the documents it parses. */
export const documentParser = {
  parse: (source: string, maxTokens: number): DocumentNode => graphqlRuntime.parse(source, { maxTokens }),
};

/** What one GraphQL document may cost, the same on HTTP and websockets (GRAPHQL_MAX_* settings). */
export interface DocumentLimits {
  maxDocumentBytes: number;
  maxTokens: number;
  maxDepth: number;
  maxCost: number;
  maxAliases: number;
}

/**
 * Bracket nesting refused before parsing. Far above any real query (field depth is capped at
 * GRAPHQL_MAX_DEPTH, at most 50), far below what exhausts the recursive parser's stack.
 */
export const maxBracketNesting = 256;

/** A document refused before execution, with every reason; the HTTP error formatter unpacks it. */
export class DocumentRejected extends Error {
  override name = 'DocumentRejected';

  constructor(
    readonly errors: readonly GraphQLError[],
    readonly statusCode = 400,
  ) {
    super(errors[0]?.message ?? errorMessages.GRAPHQL_VALIDATION_FAILED);
  }
}

export function documentError(code: ErrorCode, message: string = errorMessages[code], nodes?: OperationDefinitionNode[]): GraphQLError {
  return new GraphqlErrorClass(message, { ...(nodes ? { nodes } : {}), extensions: { code } });
}

/**
 * The checks made on a document's text before it is parsed: its size in bytes and how deeply it
 * nests brackets. Both are linear and allocate nothing, so a huge or hostile document costs one pass.
 */
export function checkSource(source: string, limits: Pick<DocumentLimits, 'maxDocumentBytes'>): DocumentRejected | null {
  // A character is at most 3 UTF-8 bytes: only long strings need counting.
  if (source.length * 3 > limits.maxDocumentBytes) {
    const bytes = Buffer.byteLength(source, 'utf8');
    if (bytes > limits.maxDocumentBytes) {
      return new DocumentRejected(
        [documentError('PAYLOAD_TOO_LARGE', `The GraphQL document is ${bytes} bytes; the limit is ${limits.maxDocumentBytes}.`)],
        413,
      );
    }
  }
  const nesting = bracketNesting(source);
  if (nesting > maxBracketNesting) {
    return new DocumentRejected([
      documentError('QUERY_TOO_DEEP', `The document nests brackets ${nesting} levels deep; the limit is ${maxBracketNesting}.`),
    ]);
  }
  return null;
}

/** The rules that bound what a document asks for, checked before graphql's own (costlier) rules. */
export function limitRules(limits: Pick<DocumentLimits, 'maxDepth' | 'maxCost' | 'maxAliases'>): ValidationRule[] {
  return [queryDepthRule(limits.maxDepth), queryLimitsRule({ maxCost: limits.maxCost, maxAliases: limits.maxAliases })];
}

/** Depth, field count and aliases: cheap, and run before graphql's specified rules so a refused document costs little. */
export function checkLimits(schema: GraphQLSchema, document: DocumentNode, limits: DocumentLimits): DocumentRejected | null {
  const errors = validate(schema, document, limitRules(limits));
  return errors.length > 0 ? new DocumentRejected(errors) : null;
}

/**
 * Everything a websocket subscribe goes through before execution, in the order that keeps a
 * hostile document cheap: size and nesting, parsing with a token limit, the limit rules, then
 * graphql's specified rules. HTTP runs the same steps through mercurius's hooks (see httpChecks).
 */
export function parseAndValidate(
  schema: GraphQLSchema,
  source: string,
  limits: DocumentLimits,
): { document: DocumentNode } | { errors: readonly GraphQLError[] } {
  const refused = checkSource(source, limits);
  if (refused) return { errors: refused.errors };
  let document: DocumentNode;
  try {
    document = documentParser.parse(source, limits.maxTokens);
  } catch (error) {
    if (error instanceof GraphqlErrorClass) return { errors: [error] };
    throw error;
  }
  const overLimits = checkLimits(schema, document, limits);
  if (overLimits) return { errors: overLimits.errors };
  const errors = validate(schema, document, specifiedRules);
  return errors.length > 0 ? { errors } : { document };
}

/** A document that passed every check, and a short key that stands for its text (one per text while it is kept). */
export interface ValidatedDocument {
  readonly document: DocumentNode;
  readonly key: string;
}

/** How many checked documents are kept, and how much of their text: a parsed document is several times its text. */
export interface ValidatedDocumentBounds {
  maxDocuments: number;
  maxSourceCharacters: number;
}

/** Far above the distinct subscription documents the app sends; a parsed document is about 10 times its text. */
export const defaultValidatedDocumentBounds: ValidatedDocumentBounds = { maxDocuments: 256, maxSourceCharacters: 512 * 1024 };

/**
 * The documents that passed parseAndValidate, by text, most recently used last. Every client of the app sends
 * the same few subscription documents: each subscription kept its own parsed tree (its tokens and locations
 * included) for as long as it ran, about 30 KB per document, and parsed and validated it again. Sharing one
 * tree per text is safe because graphql never changes a document it executes. Refused documents are not kept,
 * and when the bounds are reached the least recently used documents go: a client sending many distinct
 * documents only makes others be checked again. One instance per app (the websocket server's); a document is
 * checked again when the schema it was checked against is not the one asked about.
 */
export class ValidatedDocuments {
  private readonly bySource = new Map<string, ValidatedDocument & { schema: GraphQLSchema }>();
  private sourceCharacters = 0;
  private documentsMade = 0;

  constructor(
    private readonly limits: DocumentLimits,
    private readonly bounds: ValidatedDocumentBounds = defaultValidatedDocumentBounds,
  ) {}

  check(schema: GraphQLSchema, source: string): ValidatedDocument | { errors: readonly GraphQLError[] } {
    const known = this.bySource.get(source);
    if (known?.schema === schema) {
      // Moved to the end: the least recently used stay first, the first to go.
      this.bySource.delete(source);
      this.bySource.set(source, known);
      return known;
    }
    if (known) this.forget(source);
    const checked = parseAndValidate(schema, source, this.limits);
    if ('errors' in checked) return checked;
    this.documentsMade += 1;
    const validated = { document: checked.document, key: `document ${this.documentsMade}`, schema };
    if (source.length > this.bounds.maxSourceCharacters) return validated;
    this.bySource.set(source, validated);
    this.sourceCharacters += source.length;
    for (const oldest of this.bySource.keys()) {
      if (this.bySource.size <= this.bounds.maxDocuments && this.sourceCharacters <= this.bounds.maxSourceCharacters) break;
      this.forget(oldest);
    }
    return validated;
  }

  /** Documents kept now (for tests). */
  get size(): number {
    return this.bySource.size;
  }

  private forget(source: string): void {
    if (this.bySource.delete(source)) this.sourceCharacters -= source.length;
  }
}

/**
 * Mercurius, when the text is not GraphQL, tries it as a JSON syntax tree. Only documents the
 * GraphQL parser made from this very text are accepted: a tree from JSON bypasses the parser's
 * token limit and its refusal of invalid text.
 */
export function isParsedFrom(document: DocumentNode | null | undefined, source: unknown): boolean {
  return typeof source === 'string' && typeof document === 'object' && document?.loc?.source?.body === source;
}

/** Whether the document asks for the schema (`__schema` or `__type`, anywhere, fragments included). */
export function asksForIntrospection(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Field(field) {
      if (field.name.value === '__schema' || field.name.value === '__type') {
        found = true;
        return BREAK;
      }
      return undefined;
    },
  });
  return found;
}

export function introspectionRefusal(): DocumentRejected {
  return new DocumentRejected([documentError('INTROSPECTION_DISABLED')], 403);
}

/** The operation the request names, or its only one. */
export function operationOf(document: DocumentNode, operationName: string | null | undefined): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  if (operationName) return operations.find((operation) => operation.name?.value === operationName);
  return operations.length === 1 ? operations[0] : undefined;
}
