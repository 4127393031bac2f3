import type { GraphQLError } from 'graphql';
import { graphqlRuntime } from './runtime';

const { GraphQLError: GraphqlErrorClass } = graphqlRuntime;

/** A UTF-16 surrogate without its partner: not text in any encoding, so nothing may store it. */
const unpairedSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasUnpairedSurrogate(text: string): boolean {
  return unpairedSurrogate.test(text);
}

interface Visit {
  value: unknown;
  key: string | number;
  parent: Visit | null;
}

function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Visit | null = visit; at; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The first string in a request's variables that holds an unpaired surrogate, as the variable's
 * name and the path inside it (`input.tags.2`), or null. JSON escapes (`"\ud800"`) let a client
 * send such strings; the GraphQL parser already refuses them in the document itself. Walked with
 * an explicit stack and parent links (a path is only built for the string found): variables may
 * nest deeper than the call stack allows, and copying paths would make deep nesting quadratic.
 */
export function findUnpairedSurrogate(variables: unknown): { variable: string; path: string } | null {
  if (variables === null || typeof variables !== 'object') return null;
  const pending: Visit[] = Object.entries(variables as Record<string, unknown>).map(([name, value]) => ({
    value,
    key: name,
    parent: null,
  }));
  const found = (visit: Visit) => {
    const path = pathOf(visit);
    return { variable: String(path[0]), path: path.join('.') };
  };
  while (pending.length > 0) {
    const visit = pending.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (hasUnpairedSurrogate(value)) return found(visit);
    } else if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index += 1) pending.push({ value: value[index], key: index, parent: visit });
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
        const child = { value: item, key, parent: visit };
        if (hasUnpairedSurrogate(key)) return found(child);
        pending.push(child);
      }
    }
  }
  return null;
}

export function unpairedSurrogateMessage(where: string): string {
  return `${where} contains text that is not valid Unicode (a lone UTF-16 surrogate); send well-formed text.`;
}

/** The field error for the first variable holding invalid text, or null when every string is well formed. */
export function invalidVariableText(variables: unknown): GraphQLError | null {
  const found = findUnpairedSurrogate(variables);
  if (!found) return null;
  return new GraphqlErrorClass(unpairedSurrogateMessage(`Variable "$${found.variable}" at "${found.path}"`), {
    extensions: { code: 'TEXT_NOT_UNICODE', category: 'BAD_USER_INPUT', field: found.path },
  });
}

/** graphql's syntax errors for a lone surrogate written into the document's own strings. */
const surrogateSyntaxError =
  /^Syntax Error: (Invalid Unicode escape sequence: "\\u\{?0*[dD][89a-fA-F][0-9a-fA-F]{2}|Invalid character within String: U\+D[89A-F][0-9A-F]{2}\.)/;

export function isUnpairedSurrogateSyntaxError(message: string): boolean {
  return surrogateSyntaxError.test(message);
}
