import type { ASTVisitor, FragmentDefinitionNode, SelectionSetNode, ValidationContext } from 'graphql';
import { graphqlRuntime } from './runtime';

const { GraphQLError, Kind } = graphqlRuntime;

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

/**
 * Refuses operations whose fields nest deeper than `maxDepth` (a root field is depth 1; fragments
 * count as the fields they hold, so spreading one adds no level of its own).
 */
export function queryDepthRule(maxDepth: number) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    const fragmentDepths = new Map<string, number>();
    return {
      OperationDefinition(operation) {
        const depth = depthOf(operation.selectionSet, fragments, fragmentDepths, new Set());
        if (depth > maxDepth) {
          context.reportError(
            new GraphQLError(`The query nests fields ${depth} levels deep; the limit is ${maxDepth}.`, {
              nodes: [operation],
              extensions: { code: 'QUERY_TOO_DEEP' },
            }),
          );
        }
      },
    };
  };
}

function depthOf(
  selectionSet: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  fragmentDepths: Map<string, number>,
  spreading: Set<string>,
): number {
  let deepest = 0;
  for (const selection of selectionSet.selections) {
    let depth = 0;
    if (selection.kind === Kind.FIELD) {
      depth = 1 + (selection.selectionSet ? depthOf(selection.selectionSet, fragments, fragmentDepths, spreading) : 0);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      depth = depthOf(selection.selectionSet, fragments, fragmentDepths, spreading);
    } else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      const known = fragmentDepths.get(name);
      if (known !== undefined) depth = known;
      // A fragment cycle is reported by GraphQL's own rules; stop here instead of looping.
      else if (fragment && !spreading.has(name)) {
        spreading.add(name);
        depth = depthOf(fragment.selectionSet, fragments, fragmentDepths, spreading);
        spreading.delete(name);
        fragmentDepths.set(name, depth);
      }
    }
    if (depth > deepest) deepest = depth;
  }
  return deepest;
}

/**
 * How deeply the document nests brackets ({, [ and ( outside strings and comments), read in one
 * pass without parsing. graphql's parser is recursive: a few thousand nested brackets, well under
 * any token limit, exhaust the stack, so this is checked before parsing.
 */
export function bracketNesting(source: string): number {
  let depth = 0;
  let deepest = 0;
  const length = source.length;
  for (let index = 0; index < length; index++) {
    const code = source.charCodeAt(index);
    if (code === 0x23) {
      // # comment, to the end of the line
      while (index + 1 < length && source.charCodeAt(index + 1) !== 0x0a && source.charCodeAt(index + 1) !== 0x0d) index++;
    } else if (code === 0x22) {
      index = source.startsWith('"""', index) ? endOfBlockString(source, index + 3) : endOfString(source, index + 1);
    } else if (code === 0x7b || code === 0x5b || code === 0x28) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (code === 0x7d || code === 0x5d || code === 0x29) {
      if (depth > 0) depth--;
    }
  }
  return deepest;
}

/** The index of the closing quote of a string whose content starts at `index` (or of the line end). */
function endOfString(source: string, index: number): number {
  for (; index < source.length; index++) {
    const code = source.charCodeAt(index);
    if (code === 0x5c) index++;
    else if (code === 0x22 || code === 0x0a || code === 0x0d) return index;
  }
  return source.length;
}

/** The index of the last quote closing a block string whose content starts at `index`. */
function endOfBlockString(source: string, index: number): number {
  for (; index < source.length; index++) {
    if (source.startsWith('\\"""', index)) index += 3;
    else if (source.startsWith('"""', index)) return index + 2;
  }
  return source.length;
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
