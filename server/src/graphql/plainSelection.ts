import { Kind, type FragmentDefinitionNode, type GraphQLField, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/** An object type as this reads it. */
interface ObjectTypeLike {
  name: string;
  getFields(): Record<string, Pick<GraphQLField<unknown, unknown>, 'resolve' | 'type'>>;
}

/**
 * The object type under list and non-null wrappers; null for a scalar, enum or abstract type. Read by shape,
 * not with graphql's own predicates: the schema's types may come from another copy of the graphql module
 * (its CommonJS and ESM builds are both loaded), which those predicates refuse.
 */
function objectTypeOf(type: unknown): ObjectTypeLike | null {
  let named = type as { ofType?: unknown; getFields?: unknown; getInterfaces?: unknown; name?: unknown };
  while (named.ofType) named = named.ofType as typeof named;
  return typeof named.getFields === 'function' && typeof named.getInterfaces === 'function' && typeof named.name === 'string'
    ? (named as unknown as ObjectTypeLike)
    : null;
}

const viewerFieldsMark = Symbol('viewerFields');

/**
 * Marks a field's resolver as returning the same values to every viewer who may read its parent, but for
 * the named fields of what it returns (their flags for the viewer, say): a document may select through it
 * and still share its payload, as long as it selects none of those fields.
 */
export function sameForEveryViewerBut<Resolver extends (...args: never[]) => unknown>(
  resolver: Resolver,
  viewerFields: readonly string[],
): Resolver {
  return Object.assign(resolver, { [viewerFieldsMark]: new Set(viewerFields) });
}

function viewerFieldsOf(resolver: unknown): ReadonlySet<string> | undefined {
  return (resolver as { [viewerFieldsMark]?: ReadonlySet<string> } | undefined)?.[viewerFieldsMark];
}

/**
 * Whether everything a subscription's document selects under its root field is read from the value its
 * `resolve` returned: no selected field, at any depth, has a resolver of its own. Such resolvers (a task's
 * unread count, its last message) may read who the viewer is, so a document that selects one cannot share
 * one payload between viewers. Fragments are followed; a directive (@include, @skip) or a field of an
 * abstract type makes the answer no, as this does not try to follow them.
 */
export function selectsPlainFieldsOnly(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments' | 'returnType'>): boolean {
  const field = info.fieldNodes[0];
  if (info.fieldNodes.length !== 1 || !field?.selectionSet) return false;
  const type = objectTypeOf(info.returnType);
  return type !== null && plainUnder(type, field.selectionSet, info.fragments);
}

function plainUnder(
  type: ObjectTypeLike,
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  viewerFields?: ReadonlySet<string>,
): boolean {
  for (const selection of selectionSet.selections) {
    if (selection.directives && selection.directives.length > 0) return false;
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value;
      if (name === '__typename') continue;
      const definition = type.getFields()[name];
      if (!definition || viewerFields?.has(name)) return false;
      const marked = definition.resolve ? viewerFieldsOf(definition.resolve) : undefined;
      if (definition.resolve && !marked) return false;
      if (!selection.selectionSet) continue;
      const inner = objectTypeOf(definition.type);
      if (!inner || !plainUnder(inner, selection.selectionSet, fragments, marked)) return false;
      continue;
    }
    const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments[selection.name.value];
    if (!fragment || (fragment.directives && fragment.directives.length > 0)) return false;
    const condition = fragment.typeCondition?.name.value;
    if (condition && condition !== type.name) return false;
    if (!plainUnder(type, fragment.selectionSet, fragments, viewerFields)) return false;
  }
  return true;
}
