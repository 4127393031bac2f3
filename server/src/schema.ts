import { domains } from './domains';
import { baseTypeDefs, type DomainModule } from './domains/module';

/**
 * The whole GraphQL schema's SDL: the shared base and every area's types. The server serves it, and
 * the client's document types are generated from it (scripts/schema.ts), so both read this one function.
 */
export function schemaTypeDefs(modules: readonly DomainModule[] = domains): string {
  return [baseTypeDefs, ...modules.map((module) => module.typeDefs)].join('\n');
}
