/**
 * A doc as a react-pdf Document, from the editor's JSON (editor.getJSON()): the title with its
 * emoji, then each block in order. Only this module and exportPdf import @react-pdf/renderer, and
 * the app loads them on demand, so the renderer never weighs on the main bundle.
 */
import type { ReactNode } from 'react';
import { Document, Font, Image, Link, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { isSafeLink } from '../editor/links';
import { pdfText } from './pdfText';

/** Tiptap's JSON (JSONContent), as far as the PDF reads it. */
export interface PdfNode {
  type?: string;
  attrs?: Record<string, unknown>;
  content?: PdfNode[];
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  text?: string;
}

export interface DocPdfProps {
  title: string;
  emoji: string | null;
  content: PdfNode;
  /** Image data (a PNG or JPEG data URL) by the src in the doc; images without one are left out. */
  images?: ReadonlyMap<string, string>;
  /** Shown as the PDF's author and creator metadata. */
  productName?: string;
}

// Hyphenation would split words across lines ("docu-ment"), and the PDF's text must be the doc's.
Font.registerHyphenationCallback((word) => [word]);

const styles = StyleSheet.create({
  page: { paddingVertical: 48, paddingHorizontal: 56, fontFamily: 'Helvetica', fontSize: 11, lineHeight: 1.45, color: '#18181B' },
  title: { fontSize: 24, fontFamily: 'Helvetica-Bold', marginBottom: 16 },
  paragraph: { marginBottom: 8 },
  h1: { fontSize: 20, fontFamily: 'Helvetica-Bold', marginTop: 12, marginBottom: 8 },
  h2: { fontSize: 16, fontFamily: 'Helvetica-Bold', marginTop: 10, marginBottom: 6 },
  h3: { fontSize: 13, fontFamily: 'Helvetica-Bold', marginTop: 8, marginBottom: 4 },
  listItem: { flexDirection: 'row', marginBottom: 2 },
  marker: { width: 22 },
  itemBody: { flex: 1 },
  quote: { borderLeftWidth: 3, borderLeftColor: '#D4D4D8', paddingLeft: 10, marginBottom: 8, color: '#52525B' },
  code: { fontFamily: 'Courier', fontSize: 9.5, backgroundColor: '#F4F4F5', padding: 8, marginBottom: 8 },
  inlineCode: { fontFamily: 'Courier', backgroundColor: '#F4F4F5' },
  link: { color: '#2563EB', textDecoration: 'underline' },
  rule: { borderBottomWidth: 1, borderBottomColor: '#D4D4D8', marginVertical: 10 },
  table: { borderTopWidth: 1, borderLeftWidth: 1, borderColor: '#D4D4D8', marginBottom: 8 },
  row: { flexDirection: 'row' },
  cell: { flex: 1, borderRightWidth: 1, borderBottomWidth: 1, borderColor: '#D4D4D8', padding: 4 },
  headerCell: { backgroundColor: '#F4F4F5' },
  image: { marginBottom: 8, maxHeight: 400, objectFit: 'contain' },
});

type Marks = PdfNode['marks'];

function fontOf(marks: Marks): string | undefined {
  const has = (type: string) => marks?.some((mark) => mark.type === type) ?? false;
  if (has('code')) return 'Courier';
  const bold = has('bold');
  const italic = has('italic');
  if (bold && italic) return 'Helvetica-BoldOblique';
  if (bold) return 'Helvetica-Bold';
  return italic ? 'Helvetica-Oblique' : undefined;
}

function inline(node: PdfNode, key: number): ReactNode {
  if (node.type === 'hardBreak') return '\n';
  if (node.type === 'mention')
    return pdfText(`${String(node.attrs?.mentionSuggestionChar ?? '@')}${String(node.attrs?.label ?? node.attrs?.id ?? '')}`);
  if (node.type !== 'text' || !node.text) return null;
  const text = pdfText(node.text);
  const fontFamily = fontOf(node.marks);
  const style = {
    ...(fontFamily ? { fontFamily } : {}),
    ...(node.marks?.some((mark) => mark.type === 'code') ? styles.inlineCode : {}),
    ...(node.marks?.some((mark) => mark.type === 'strike') ? { textDecoration: 'line-through' as const } : {}),
    ...(node.marks?.some((mark) => mark.type === 'underline') ? { textDecoration: 'underline' as const } : {}),
  };
  const href = node.marks?.find((mark) => mark.type === 'link')?.attrs?.href;
  if (typeof href === 'string' && isSafeLink(href)) {
    return (
      <Link key={key} src={href} style={{ ...style, ...styles.link }}>
        {text}
      </Link>
    );
  }
  return Object.keys(style).length > 0 ? (
    <Text key={key} style={style}>
      {text}
    </Text>
  ) : (
    text
  );
}

const inlines = (node: PdfNode) => (node.content ?? []).map(inline);

function listItems(node: PdfNode, marker: (index: number, item: PdfNode) => string, images: DocPdfProps['images']): ReactNode {
  return (node.content ?? []).map((item, index) => (
    <View key={index} style={styles.listItem} wrap={false}>
      <Text style={styles.marker}>{marker(index, item)}</Text>
      <View style={styles.itemBody}>{blocks(item.content, images)}</View>
    </View>
  ));
}

function table(node: PdfNode, images: DocPdfProps['images']): ReactNode {
  return (
    <View style={styles.table}>
      {(node.content ?? []).map((row, rowIndex) => (
        <View key={rowIndex} style={styles.row} wrap={false}>
          {(row.content ?? []).map((cell, cellIndex) => {
            const span = Number(cell.attrs?.colspan ?? 1);
            return (
              <View
                key={cellIndex}
                style={[styles.cell, { flex: span > 0 ? span : 1 }, ...(cell.type === 'tableHeader' ? [styles.headerCell] : [])]}
              >
                {blocks(cell.content, images, cell.type === 'tableHeader')}
              </View>
            );
          })}
        </View>
      ))}
    </View>
  );
}

function block(node: PdfNode, key: number, images: DocPdfProps['images'], bold = false): ReactNode {
  switch (node.type) {
    case 'paragraph':
      return (
        <Text key={key} style={[styles.paragraph, ...(bold ? [{ fontFamily: 'Helvetica-Bold' }] : [])]}>
          {inlines(node)}
        </Text>
      );
    case 'heading': {
      const level = Number(node.attrs?.level ?? 1);
      return (
        <Text key={key} style={level <= 1 ? styles.h1 : level === 2 ? styles.h2 : styles.h3}>
          {inlines(node)}
        </Text>
      );
    }
    case 'bulletList':
      return <View key={key}>{listItems(node, () => '•', images)}</View>;
    case 'orderedList': {
      const start = Number(node.attrs?.start ?? 1);
      return <View key={key}>{listItems(node, (index) => `${start + index}.`, images)}</View>;
    }
    case 'taskList':
      return <View key={key}>{listItems(node, (_index, item) => (item.attrs?.checked ? '[x]' : '[\u00a0\u00a0]'), images)}</View>;
    case 'blockquote':
      return (
        <View key={key} style={styles.quote}>
          {blocks(node.content, images)}
        </View>
      );
    case 'codeBlock':
      return (
        <Text key={key} style={styles.code}>
          {pdfText((node.content ?? []).map((child) => child.text ?? '').join(''))}
        </Text>
      );
    case 'horizontalRule':
      return <View key={key} style={styles.rule} />;
    case 'table':
      return <View key={key}>{table(node, images)}</View>;
    case 'image': {
      const data = typeof node.attrs?.src === 'string' ? images?.get(node.attrs.src) : undefined;
      return data ? <Image key={key} src={data} style={styles.image} /> : null;
    }
    default:
      return node.content ? <View key={key}>{blocks(node.content, images)}</View> : null;
  }
}

function blocks(nodes: PdfNode[] | undefined, images: DocPdfProps['images'], bold = false): ReactNode {
  return (nodes ?? []).map((node, index) => block(node, index, images, bold));
}

/** The doc's title line: its emoji (dropped when the font has no glyph for it) and its title. */
export function pdfTitle(title: string, emoji: string | null): string {
  return pdfText(`${emoji ?? ''} ${title}`).trim();
}

export function DocPdf({ title, emoji, content, images, productName }: DocPdfProps) {
  return (
    <Document title={title} {...(productName ? { author: productName, creator: productName, producer: productName } : {})}>
      <Page size="A4" style={styles.page}>
        <Text style={styles.title}>{pdfTitle(title, emoji)}</Text>
        {blocks(content.content, images)}
      </Page>
    </Document>
  );
}
