import { GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql';

export interface QueryLimits {
  maxCost: number;
  maxAliases: number;
}

/**
 * Refuses operations that select too many fields (fragments counted each time they are spread)
 * or use too many aliases: cheap defences against a single request asking for the whole database.
 */
export function queryLimitsRule(limits: QueryLimits) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    return {
      OperationDefinition(operation) {
        const totals = { cost: 0, aliases: 0 };
        measure(operation.selectionSet, fragments, totals, new Set());
        if (totals.cost > limits.maxCost) {
          context.reportError(
            new GraphQLError(`The query selects ${totals.cost} fields; the limit is ${limits.maxCost}.`, {
              nodes: [operation],
              extensions: { code: 'QUERY_TOO_COMPLEX' },
            }),
          );
        }
        if (totals.aliases > limits.maxAliases) {
          context.reportError(
            new GraphQLError(`The query uses ${totals.aliases} aliases; the limit is ${limits.maxAliases}.`, {
              nodes: [operation],
              extensions: { code: 'QUERY_TOO_COMPLEX' },
            }),
          );
        }
      },
    };
  };
}

function measure(
  selectionSet: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  totals: { cost: number; aliases: number },
  spreading: Set<string>,
): void {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      totals.cost += 1;
      if (selection.alias) totals.aliases += 1;
      if (selection.selectionSet) measure(selection.selectionSet, fragments, totals, spreading);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      measure(selection.selectionSet, fragments, totals, spreading);
    } else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      // A fragment cycle is reported by GraphQL's own rules; stop here instead of looping.
      if (!fragment || spreading.has(name)) continue;
      spreading.add(name);
      measure(fragment.selectionSet, fragments, totals, spreading);
      spreading.delete(name);
    }
    if (totals.cost > 1_000_000) return;
  }
}
