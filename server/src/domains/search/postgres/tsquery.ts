import { matchesWordsItBegins, searchedWords } from '../text';

/**
 * Building `to_tsquery` input from what a person typed, safe by construction: the words the server already splits
 * (searchedWords, as for FTS5) are cut into their runs of letters and digits, the way FTS5's unicode61 tokenizer
 * cuts text, and each run becomes a quoted tsquery literal, so nothing typed (`|`, `&`, `!`, `<->`, `:*`, quotes,
 * parentheses, backslashes) is ever read as an operator. Every word is required (`&`); a word cut into several runs
 * ("foo-bar") is a phrase of them (`<->`), as FTS5 reads a quoted string; a word of three or more letters or digits
 * also finds the words its last run begins (`:*`), as FTS5's `"word"*` does.
 */

/** A tsquery literal: quotes doubled and backslashes escaped inside single quotes (to_tsquery's own quoting rules). */
export function tsqueryLiteral(token: string): string {
  return `'${token.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** The runs of letters, digits and their marks in a word: what the index keeps of it. */
export function tokensOf(word: string): string[] {
  return word.split(/[^\p{L}\p{N}\p{M}]+/u).filter((token) => /[\p{L}\p{N}]/u.test(token));
}

/** The tsquery text for a search, or null when nothing searchable was typed (then nothing is found, without asking the database). */
export function tsqueryOf(typed: string): string | null {
  const words = searchedWords(typed)
    .map((word) => {
      const tokens = tokensOf(word);
      const prefix = matchesWordsItBegins(word);
      const operands = tokens.map((token, index) => {
        const isLast = index === tokens.length - 1;
        return prefix && isLast ? `${tsqueryLiteral(token)}:*` : tsqueryLiteral(token);
      });
      return operands.length > 1 ? `(${operands.join(' <-> ')})` : (operands[0] ?? '');
    })
    .filter((word) => word !== '');
  return words.length === 0 ? null : words.join(' & ');
}
