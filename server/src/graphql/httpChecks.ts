import type { DocumentNode, GraphQLSchema } from 'graphql';
import type { MercuriusContext } from 'mercurius';
import { invalidVariableText } from './inputText';
import {
  asksForIntrospection,
  checkLimits,
  checkSource,
  documentError,
  DocumentRejected,
  introspectionRefusal,
  isParsedFrom,
  type DocumentLimits,
} from './validation';

/** The part of mercurius's `app.graphql` the checks hook into. */
interface HookableGraphql {
  addHook(name: 'preParsing', hook: (schema: GraphQLSchema, source: string, context: MercuriusContext) => Promise<void>): void;
  addHook(name: 'preValidation', hook: (schema: GraphQLSchema, document: DocumentNode, context: MercuriusContext) => Promise<void>): void;
  addHook(
    name: 'preExecution',
    hook: (schema: GraphQLSchema, document: DocumentNode, context: MercuriusContext, variables: Record<string, unknown>) => Promise<void>,
  ): void;
}

export interface DocumentCheckOptions {
  limits: DocumentLimits;
  /** Production refuses introspection to anonymous callers. */
  production: boolean;
}

/**
 * The websocket's document checks (validation.ts) on HTTP, through mercurius's hooks: size and
 * nesting before parsing, the token limit while parsing (mercurius's parseOptions), depth, field
 * count and aliases before graphql's own rules, then introspection and the text of variables
 * before any resolver. Mercurius caches documents that passed, so the first two checks after
 * parsing run once per distinct document.
 */
export function registerDocumentChecks(graphql: HookableGraphql, { limits, production }: DocumentCheckOptions): void {
  const sources = new WeakMap<object, string>();

  graphql.addHook('preParsing', async (_schema, source, context) => {
    const refused = checkSource(source, limits);
    if (refused) throw refused;
    sources.set(context, source);
  });

  graphql.addHook('preValidation', async (schema, document, context) => {
    const source = sources.get(context);
    if (source !== undefined && !isParsedFrom(document, source)) {
      throw new DocumentRejected([documentError('GRAPHQL_PARSE_FAILED')]);
    }
    const refused = checkLimits(schema, document, limits);
    if (refused) throw refused;
  });

  graphql.addHook('preExecution', async (_schema, document, context, variables) => {
    if (production && context.authentication?.status !== 'authenticated' && asksForIntrospection(document)) throw introspectionRefusal();
    const invalidText = invalidVariableText(variables);
    if (invalidText) throw new DocumentRejected([invalidText]);
  });
}
