/**
 * A small Markdown renderer for messages that builds React elements directly: no HTML string is
 * ever produced or injected, so markup in a message (a <script>, an onerror attribute) is text.
 * The project has no Markdown or sanitiser package, and chat needs only a small subset: bold,
 * italic, strikethrough, inline code, code blocks, links, bullet and numbered lists, quotes, line
 * breaks and mention tokens @[Display Name](userId).
 *
 * Links keep only http(s) and mailto targets, parsed with URL (so "JaVaScRiPt:", entity tricks
 * or control characters never pass); anything else stays as the literal source text. Parsing is
 * linear-ish on hostile input: nesting is capped and a marker with no closer is remembered.
 */
import type { ReactNode } from 'react';
import { hasControlCharacter } from '../../lib/controlCharacters';
import styles from './Chat.module.css';

export interface MarkdownOptions {
  /** The signed-in user's id: mentions of them are highlighted. */
  me?: string | null;
}

const allowedProtocols = new Set(['http:', 'https:', 'mailto:']);
const maximumDepth = 4;

/** The href to render for a link target, or null when it is not an absolute http(s) or mailto URL. */
export function safeHref(raw: string): string | null {
  const target = raw.trim();
  // Whitespace and control characters inside a URL are how "java\tscript:" slips past naive checks.
  if (!target || target.includes(' ') || hasControlCharacter(target)) return null;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  if (!allowedProtocols.has(url.protocol)) return null;
  if (url.protocol !== 'mailto:' && !url.hostname) return null;
  return url.href;
}

function SafeLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className={styles.link}>
      {children}
    </a>
  );
}

const mentionPattern = /@\[([^\]\n]{1,100})\]\(([A-Za-z0-9_-]{1,64})\)/y;
const linkPattern = /\[([^\]\n]{1,500})\]\(([^()\s]{1,2000})\)/y;
const autolinkPattern = /(?:https?:\/\/|mailto:)[^\s<>"]+/iy;
const punctuation = /[!-/:-@[-`{-~]/;

interface Context {
  depth: number;
  inLink: boolean;
  options: MarkdownOptions;
}

function isWordCharacter(character: string | undefined): boolean {
  return character !== undefined && /[\p{L}\p{N}]/u.test(character);
}

function matchAt(pattern: RegExp, text: string, index: number): RegExpExecArray | null {
  pattern.lastIndex = index;
  return pattern.exec(text);
}

/** Where an emphasis that opens at `start` with `marker` closes; -1 when it does not, -2 when no closer is left in the text at all. */
function closingIndex(text: string, marker: string, start: number): number {
  const single = marker.length === 1;
  let at = text.indexOf(marker, start + marker.length);
  // A single * must not close on half of a ** (that is the inner strong's marker).
  while (single && at !== -1 && (text[at + 1] === marker || text[at - 1] === marker)) at = text.indexOf(marker, at + 2);
  if (at === -1) return -2;
  // In "***both***" the strong closes on the last two stars, leaving the inner "*both*" to the em.
  if (!single) while (text[at + marker.length] === marker[0]) at += 1;
  const inner = text.slice(start + marker.length, at);
  if (!inner || /^\s/.test(inner) || /\s$/.test(inner)) return -1;
  // Underscores inside words (snake_case) are not emphasis.
  if (marker[0] === '_' && (isWordCharacter(text[start - 1]) || isWordCharacter(text[at + marker.length]))) return -1;
  return at;
}

const emphasis: Record<string, (children: ReactNode[], key: string) => ReactNode> = {
  '**': (children, key) => <strong key={key}>{children}</strong>,
  __: (children, key) => <strong key={key}>{children}</strong>,
  '~~': (children, key) => <del key={key}>{children}</del>,
  '*': (children, key) => <em key={key}>{children}</em>,
  _: (children, key) => <em key={key}>{children}</em>,
};

function parseInline(text: string, context: Context): ReactNode[] {
  const nodes: ReactNode[] = [];
  const unclosed = new Set<string>();
  let buffer = '';
  let index = 0;
  const push = (node: ReactNode) => {
    if (buffer) nodes.push(buffer);
    buffer = '';
    nodes.push(node);
  };
  const key = () => `${context.depth}-${nodes.length}`;

  while (index < text.length) {
    const character = text[index] ?? '';
    const next = text[index + 1];

    if (character === '\\' && next !== undefined && punctuation.test(next)) {
      buffer += next;
      index += 2;
      continue;
    }

    if (character === '`') {
      let run = 1;
      while (text[index + run] === '`') run += 1;
      const fence = '`'.repeat(run);
      const close = unclosed.has(fence) ? -1 : text.indexOf(fence, index + run);
      if (close === -1) {
        unclosed.add(fence);
        buffer += fence;
        index += run;
        continue;
      }
      push(
        <code key={key()} className={styles.inlineCode}>
          {text.slice(index + run, close)}
        </code>,
      );
      index = close + run;
      continue;
    }

    if (character === '@' && next === '[') {
      const mention = matchAt(mentionPattern, text, index);
      if (mention) {
        const [, name = '', id = ''] = mention;
        push(
          <span key={key()} className={id === context.options.me ? styles.mentionMe : styles.mention} data-mention={id}>
            @{name}
          </span>,
        );
        index += mention[0].length;
        continue;
      }
    }

    if (character === '[' && !context.inLink) {
      const link = matchAt(linkPattern, text, index);
      if (link) {
        const [whole, label = '', target = ''] = link;
        const href = safeHref(target);
        if (href && context.depth < maximumDepth)
          push(
            <SafeLink key={key()} href={href}>
              {parseInline(label, { ...context, depth: context.depth + 1, inLink: true })}
            </SafeLink>,
          );
        else buffer += whole;
        index += whole.length;
        continue;
      }
    }

    if (
      (character === 'h' || character === 'H' || character === 'm' || character === 'M') &&
      !context.inLink &&
      !isWordCharacter(text[index - 1])
    ) {
      const auto = matchAt(autolinkPattern, text, index);
      if (auto) {
        const url = auto[0].replace(/[.,;:!?'")\]]+$/, '');
        const href = safeHref(url);
        if (href) {
          push(
            <SafeLink key={key()} href={href}>
              {url}
            </SafeLink>,
          );
          index += url.length;
          continue;
        }
      }
    }

    if (character === '*' || character === '_' || character === '~') {
      const double = next === character;
      const marker = double ? character + character : character;
      const render = emphasis[marker];
      const close = render && context.depth < maximumDepth && !unclosed.has(marker) ? closingIndex(text, marker, index) : -1;
      if (render && close >= 0) {
        push(render(parseInline(text.slice(index + marker.length, close), { ...context, depth: context.depth + 1 }), key()));
        index = close + marker.length;
        continue;
      }
      if (close === -2) unclosed.add(marker);
      buffer += marker;
      index += marker.length;
      continue;
    }

    buffer += character;
    index += 1;
  }
  if (buffer) nodes.push(buffer);
  return nodes;
}

function inline(text: string, options: MarkdownOptions): ReactNode[] {
  return parseInline(text, { depth: 0, inLink: false, options });
}

/** Lines joined with <br>, each line's inline Markdown rendered. */
function withBreaks(lines: readonly string[], options: MarkdownOptions): ReactNode[] {
  return lines.flatMap((line, index) =>
    index === 0 ? [...inline(line, options)] : [<br key={`br-${index}`} />, ...inline(line, options)],
  );
}

const fencePattern = /^ {0,3}(`{3,}|~{3,})/;
const bulletPattern = /^ {0,3}[-*+] +(.*)$/;
const orderedPattern = /^ {0,3}(\d{1,9})[.)] +(.*)$/;
const quotePattern = /^ {0,3}> ?(.*)$/;

type BlockKind = 'paragraph' | 'bullet' | 'ordered' | 'quote';

function kindOf(line: string): BlockKind | 'blank' | 'fence' {
  if (!line.trim()) return 'blank';
  if (fencePattern.test(line)) return 'fence';
  if (bulletPattern.test(line)) return 'bullet';
  if (orderedPattern.test(line)) return 'ordered';
  if (quotePattern.test(line)) return 'quote';
  return 'paragraph';
}

/** Renders a message body as React elements. */
export function renderMarkdown(source: string, options: MarkdownOptions = {}): ReactNode[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: ReactNode[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    const kind = kindOf(line);
    const key = `block-${blocks.length}`;
    if (kind === 'blank') {
      index += 1;
      continue;
    }
    if (kind === 'fence') {
      const fence = fencePattern.exec(line)?.[1] ?? '```';
      const closing = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
      const body: string[] = [];
      index += 1;
      while (index < lines.length && !closing.test(lines[index] ?? '')) body.push(lines[index++] ?? '');
      index += 1;
      blocks.push(
        <pre key={key} className={styles.codeBlock}>
          <code>{body.join('\n')}</code>
        </pre>,
      );
      continue;
    }
    const group: string[] = [];
    while (index < lines.length && kindOf(lines[index] ?? '') === kind) group.push(lines[index++] ?? '');
    if (kind === 'bullet') {
      blocks.push(
        <ul key={key} className={styles.list}>
          {group.map((item, at) => (
            <li key={at}>{inline(bulletPattern.exec(item)?.[1] ?? '', options)}</li>
          ))}
        </ul>,
      );
    } else if (kind === 'ordered') {
      const start = Number(orderedPattern.exec(group[0] ?? '')?.[1] ?? 1);
      blocks.push(
        <ol key={key} className={styles.list} start={start === 1 ? undefined : start}>
          {group.map((item, at) => (
            <li key={at}>{inline(orderedPattern.exec(item)?.[2] ?? '', options)}</li>
          ))}
        </ol>,
      );
    } else if (kind === 'quote') {
      blocks.push(
        <blockquote key={key} className={styles.quote}>
          {withBreaks(
            group.map((item) => quotePattern.exec(item)?.[1] ?? ''),
            options,
          )}
        </blockquote>,
      );
    } else {
      blocks.push(
        <p key={key} className={styles.paragraph}>
          {withBreaks(group, options)}
        </p>,
      );
    }
  }
  return blocks;
}

/** A one-line plain-text preview of a body (chat lists, reply quotes, notifications). */
export function markdownToText(source: string): string {
  return source
    .replace(/@\[([^\]\n]{1,100})\]\([A-Za-z0-9_-]{1,64}\)/g, '@$1')
    .replace(/\[([^\]\n]{1,500})\]\([^()\s]{1,2000}\)/g, '$1')
    .replace(/^ {0,3}(?:`{3,}|~{3,}).*$/gm, '')
    .replace(/^ {0,3}(?:[-*+]|\d{1,9}[.)]|>) +/gm, '')
    .replace(/(\*\*|__|~~|`)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
