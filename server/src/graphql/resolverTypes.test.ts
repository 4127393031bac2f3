import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { buildSchema, isObjectType } from 'graphql';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { resolverMappers } from '../../../scripts/schema';
import type { StoredEvent } from '../core/events';
import type { PresentedFolder } from '../domains/files/present';
import { schemaTypeDefs } from '../schema';
import type { FolderResolvers, LiveSubscription, ResolversParentTypes, SubscriptionResolvers } from './schemaTypes';

const domainsFolder = new URL('../domains/', import.meta.url);

/** The presented types each area's present.ts exports (`export type Presented<Name>`), as `<module>#<type>` from graphql/. */
function presentedTypes(): string[] {
  return readdirSync(domainsFolder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((area) => {
      const file = new URL(`${area.name}/present.ts`, domainsFolder);
      const source = existsSync(file) ? readFileSync(file, 'utf8') : '';
      return [...source.matchAll(/^export type (Presented\w+)\b/gm)].map((match) => `../domains/${area.name}/present#${match[1]}`);
    });
}

describe('resolver mappers (scripts/schema.ts)', () => {
  it('map every presented type of the areas to a schema type, so resolvers returning it are typed by it', () => {
    const mapped = new Set(Object.values(resolverMappers));
    const unmapped = presentedTypes().filter((presented) => !mapped.has(presented));
    expect(unmapped).toEqual([]);
  });

  it('name object types of the schema, and types their module exports', () => {
    const schema = buildSchema(schemaTypeDefs());
    for (const [typeName, mapper] of Object.entries(resolverMappers)) {
      expect(isObjectType(schema.getType(typeName)), `${typeName} is an object type`).toBe(true);
      const [module, exported] = mapper.split('#');
      const source = readFileSync(new URL(`${module}.ts`, import.meta.url), 'utf8');
      expect(source, `${module}.ts exports ${exported}`).toMatch(new RegExp(`^export type ${exported}\\b`, 'm'));
    }
  });

  // What follows is checked by the type checker (npm run typecheck), which fails on an expectation that no longer holds.
  it('give field resolvers the presented row as their parent, ids included', () => {
    expectTypeOf<ResolversParentTypes['Folder']>().toEqualTypeOf<PresentedFolder>();
    expectTypeOf<ResolversParentTypes['Folder']['id']>().toEqualTypeOf<string>();
    const fields = {
      // @ts-expect-error a folder's path is a list of folders
      path: () => [1],
    } satisfies FolderResolvers;
    expect(Object.keys(fields)).toEqual(['path']);
  });

  it('tie a subscription feed to its resolve, and resolve to the field type and arguments', () => {
    const events = (async function* (): AsyncGenerator<StoredEvent> {})();
    const numbers = (async function* (): AsyncGenerator<number> {})();
    const board = {
      subscribe: (_root, args) => {
        expectTypeOf(args.project).toEqualTypeOf<string>();
        // @ts-expect-error subTask has no such argument
        void args.team;
        return events;
      },
      resolve: (event) => ({ type: event.type, seq: event.seq, project: 'space' }),
    } satisfies LiveSubscription<'subTask', StoredEvent>;
    const feedOfNumbers = {
      // @ts-expect-error the feed yields numbers where resolve reads events
      subscribe: () => numbers,
      resolve: (event) => ({ type: event.type, seq: event.seq, project: 'space' }),
    } satisfies LiveSubscription<'subTask', StoredEvent>;
    const wrongResult = {
      subscribe: () => events,
      // @ts-expect-error a TaskChange's seq is a number
      resolve: (event) => ({ type: event.type, seq: String(event.seq) }),
    } satisfies LiveSubscription<'subTask', StoredEvent>;
    const subscriptions = { subTask: board } satisfies SubscriptionResolvers;
    expect([subscriptions.subTask, feedOfNumbers, wrongResult].every((entry) => typeof entry.resolve === 'function')).toBe(true);
  });
});
