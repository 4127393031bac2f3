import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { markdownToText, renderMarkdown, safeHref } from './markdown';

function html(source: string, me?: string): string {
  return renderToStaticMarkup(<>{renderMarkdown(source, { me })}</>);
}

/** The rendered markup with CSS-module class names dropped, so assertions read as plain HTML. */
function plain(source: string): string {
  return html(source).replace(/ class="[^"]*"/g, '');
}

describe('markdown rendering', () => {
  it('renders bold, italic, strikethrough and inline code', () => {
    expect(plain('**bold** and *italic* and _also_ and ~~gone~~ and `x < y`')).toBe(
      '<p><strong>bold</strong> and <em>italic</em> and <em>also</em> and <del>gone</del> and <code>x &lt; y</code></p>',
    );
    expect(plain('__strong__ ***both***')).toBe('<p><strong>strong</strong> <strong><em>both</em></strong></p>');
  });

  it('keeps snake_case words and lone markers as text', () => {
    expect(plain('snake_case_name and 2 * 3 * 4 and **unclosed')).toBe('<p>snake_case_name and 2 * 3 * 4 and **unclosed</p>');
  });

  it('renders line breaks, paragraphs, lists, quotes and code blocks', () => {
    expect(plain('one\ntwo\n\nthree')).toBe('<p>one<br/>two</p><p>three</p>');
    expect(plain('- a\n- **b**\n* c')).toBe('<ul><li>a</li><li><strong>b</strong></li><li>c</li></ul>');
    expect(plain('3. three\n4. four')).toBe('<ol start="3"><li>three</li><li>four</li></ol>');
    expect(plain('> quoted\n> more')).toBe('<blockquote>quoted<br/>more</blockquote>');
    expect(plain('```js\nconst a = "**not bold**";\n<b>x</b>\n```\nafter')).toBe(
      '<pre><code>const a = &quot;**not bold**&quot;;\n&lt;b&gt;x&lt;/b&gt;</code></pre><p>after</p>',
    );
  });

  it('renders safe links to open in a new tab without referrer or opener', () => {
    expect(plain('[docs](https://example.com/a?b=1)')).toBe(
      '<p><a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer nofollow">docs</a></p>',
    );
    expect(plain('see https://example.com/x, ok')).toBe(
      '<p>see <a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">https://example.com/x</a>, ok</p>',
    );
    expect(plain('[mail](mailto:ada@example.com)')).toContain('href="mailto:ada@example.com"');
  });

  it('renders mention tokens as the name, highlighting the signed-in user', () => {
    const markup = html('hi @[Ada Lovelace](u1) and @[Alan](u2)', 'u2');
    expect(markup).toContain('data-mention="u1">@Ada Lovelace</span>');
    expect(markup).toMatch(/class="[^"]*mentionMe[^"]*" data-mention="u2">@Alan<\/span>/);
  });

  it('escapes the backslash-escaped markers', () => {
    expect(plain('\\*not italic\\* and \\[x](not a link) and \\`code\\`')).toBe('<p>*not italic* and [x](not a link) and `code`</p>');
  });
});

describe('markdown rendering of hostile input', () => {
  const hostile = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<a href="javascript:alert(1)">x</a>',
    '<svg/onload=alert(1)>',
    '"><iframe src="https://evil.example"></iframe>',
    '<style>body{display:none}</style>',
    '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    '<base href="https://evil.example/">',
  ];

  it.each(hostile)('renders %s as text, never as markup', (source) => {
    const markup = html(source);
    expect(markup).not.toMatch(/<(script|img|svg|iframe|style|math|noscript|base)\b/i);
    expect(markup).not.toMatch(/<[^>]*\son\w+=/i);
    for (const [, href] of markup.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^https:\/\//);
    expect(markup).toContain('&lt;');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'javascript&colon;alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '//evil.example/path',
    '/relative/path',
  ])('refuses the link target %s and shows the source as text', (target) => {
    expect(safeHref(target)).toBeNull();
    const markup = html(`[click](${target})`);
    expect(markup).not.toContain('<a');
  });

  it('does not turn a javascript: text into an autolink', () => {
    expect(html('javascript:alert(document.cookie)')).not.toContain('<a');
  });

  it('never nests a link inside another', () => {
    for (const source of ['[[inner](https://a.example)](https://b.example)', '[see https://a.example now](https://b.example)']) {
      expect(html(source)).not.toMatch(/<a [^>]*>(?:(?!<\/a>).)*<a /);
    }
  });

  it('renders deep nesting and long hostile runs quickly and without a crash', () => {
    const nested = '**'.repeat(2000) + 'x' + '**'.repeat(2000);
    const stars = '*a **'.repeat(4000);
    const brackets = '['.repeat(10_000) + ']('.repeat(5000);
    const ticks = '`'.repeat(20_000);
    const started = performance.now();
    for (const source of [nested, stars, brackets, ticks, '_'.repeat(20_000), '@['.repeat(10_000)])
      expect(() => html(source)).not.toThrow();
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('accepts absolute http(s) and mailto targets only', () => {
    expect(safeHref('https://example.com')).toBe('https://example.com/');
    expect(safeHref('HTTP://EXAMPLE.com/x')).toBe('http://example.com/x');
    expect(safeHref('mailto:a@b.c')).toBe('mailto:a@b.c');
  });
});

describe('plain-text previews', () => {
  it('strips the Markdown and keeps mention names and link labels', () => {
    expect(markdownToText('**Hi** @[Ada](u1), see [the doc](https://x.example)\n- `one`')).toBe('Hi @Ada, see the doc one');
  });
});
