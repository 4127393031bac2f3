import type * as Graphql from 'graphql';
import type * as GraphqlWs from 'graphql-ws';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * graphql, graphql-ws and mercurius's loader symbols exactly as mercurius loads them (CommonJS).
 * graphql ships a second, ESM build that a bundler-style resolver (Vitest's) may pick for an
 * `import 'graphql'`; its classes then fail graphql's instanceof checks against the schema mercurius
 * built, and graphql-ws would not recognise its GraphQLErrors. Everything that touches the schema
 * or hands errors to graphql-ws takes them from here.
 */
export const graphqlRuntime = require('graphql') as typeof Graphql;

export const graphqlWsRuntime = require('graphql-ws') as typeof GraphqlWs;

/**
 * Mercurius keeps a request's DataLoader-style loaders on `reply[kLoaders]`, built by the factory it
 * decorates the app with under `kSubscriptionFactory` (uncached, as mercurius does for its own
 * subscriptions). The websocket server builds a subscription's context the same way so fields
 * served by loaders resolve in live payloads too.
 */
export const mercuriusSymbols = require('mercurius/lib/symbols.js') as { kLoaders: symbol; kSubscriptionFactory: symbol };

export interface LoaderFactory {
  create(context: object): unknown;
}
