import type { GraphQLResolveInfo, SelectionSetNode } from 'graphql';

/**
 * Whether the field being resolved asks, directly or through fragments, for any of `names` on the
 * objects it returns (a list's items included). Only the field's own selection is looked at, not deeper.
 */
export function asksForAny(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>, names: ReadonlySet<string>): boolean {
  const seenFragments = new Set<string>();
  const inSelection = (selectionSet: SelectionSetNode | undefined): boolean =>
    (selectionSet?.selections ?? []).some((selection) => {
      if (selection.kind === 'Field') return names.has(selection.name.value);
      if (selection.kind === 'InlineFragment') return inSelection(selection.selectionSet);
      const name = selection.name.value;
      if (seenFragments.has(name)) return false;
      seenFragments.add(name);
      return inSelection(info.fragments[name]?.selectionSet);
    });
  return info.fieldNodes.some((node) => inSelection(node.selectionSet));
}
