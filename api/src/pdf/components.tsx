import type { ReactNode } from 'react';
import { Document, Font, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer';
import { fontStackFor } from './fonts.js';

/**
 * Building blocks shared by the server-rendered PDFs (defence packs, invoices): one A4 page style,
 * a header band, titled sections, label/value fields and tables. Latin text prints in the built-in
 * Helvetica; other scripts in the Noto fonts their text needs (see fonts.ts).
 */
// Evidence must show ids and addresses exactly: no hyphen is ever inserted into a word. Long words
// in table cells are broken by breakLongWords instead, at a line end with nothing added.
Font.registerHyphenationCallback((word) => [word]);

const PAGE_PADDING = 40;
const CONTENT_WIDTH = 595.28 - 2 * PAGE_PADDING;
const CELL_PADDING = 4;
const CELL_FONT_SIZE = 8.5;
/** A conservative average Helvetica glyph width, in em, for estimating what fits in a cell. */
const GLYPH_EM = 0.55;

const INK = '#1f2933';
const MUTED = '#616e7c';
const RULE = '#d9e2ec';
const BAND = '#0b3d63';

const styles = StyleSheet.create({
  page: {
    paddingTop: 36,
    paddingBottom: 48,
    paddingHorizontal: PAGE_PADDING,
    fontSize: 9.5,
    color: INK,
  },
  header: { backgroundColor: BAND, color: '#ffffff', padding: 14, marginBottom: 16, borderRadius: 3 },
  brand: { fontSize: 9, opacity: 0.85, marginBottom: 4 },
  title: { fontSize: 17, fontWeight: 'bold' },
  subtitle: { fontSize: 9.5, marginTop: 4, opacity: 0.9 },
  section: { marginBottom: 14 },
  sectionTitle: {
    fontSize: 11,
    fontWeight: 'bold',
    color: BAND,
    borderBottomWidth: 1,
    borderBottomColor: RULE,
    paddingBottom: 3,
    marginBottom: 6,
  },
  fieldRow: { flexDirection: 'row', paddingVertical: 2 },
  fieldLabel: { width: 150, color: MUTED },
  fieldValue: { flex: 1 },
  table: { borderWidth: 1, borderColor: RULE, borderRadius: 2 },
  headRow: { flexDirection: 'row', backgroundColor: '#f0f4f8', borderBottomWidth: 1, borderBottomColor: RULE },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: RULE },
  headCell: { padding: CELL_PADDING, fontWeight: 'bold', fontSize: CELL_FONT_SIZE },
  cell: { padding: CELL_PADDING, fontSize: CELL_FONT_SIZE },
  empty: { padding: 6, color: MUTED },
  paragraph: { marginBottom: 4 },
  footer: {
    position: 'absolute',
    bottom: 20,
    left: 40,
    right: 40,
    fontSize: 8,
    color: MUTED,
    flexDirection: 'row',
    justifyContent: 'space-between',
  },
});

/** An empty value reads as a dash, never as a blank that looks like a missing line. */
export const orDash = (value: unknown): string =>
  value === null || value === undefined || value === '' ? '-' : String(value);

export function PdfDocument(props: {
  title: string;
  brand: string;
  subtitle?: string;
  footer: string;
  /** Everything the document prints (e.g. its data as JSON): its characters choose the fonts embedded. */
  text: string;
  children: ReactNode;
}) {
  return (
    <Document title={props.title} author={props.brand} creator={props.brand} producer={props.brand}>
      <Page size="A4" style={[styles.page, { fontFamily: fontStackFor(props.text) }]} wrap>
        <View style={styles.header}>
          <Text style={styles.brand}>{props.brand}</Text>
          <Text style={styles.title}>{props.title}</Text>
          {props.subtitle ? <Text style={styles.subtitle}>{props.subtitle}</Text> : null}
        </View>
        {props.children}
        <View style={styles.footer} fixed>
          <Text>{props.footer}</Text>
          <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}

/** A titled block; `keepTogether` moves a short one whole to the next page rather than split it. */
export function Section({
  title,
  keepTogether,
  children,
}: {
  title: string;
  keepTogether?: boolean;
  children: ReactNode;
}) {
  return (
    <View style={styles.section} wrap={!keepTogether}>
      {/* react-pdf moves an element to the next page for its minPresenceAhead only when something precedes it
          in its parent: this empty mark lets the title go over with its first lines instead of ending a page. */}
      <View />
      <Text style={styles.sectionTitle} minPresenceAhead={60}>
        {title}
      </Text>
      {children}
    </View>
  );
}

export function Fields({ rows }: { rows: Array<[label: string, value: unknown]> }) {
  return (
    <View>
      {rows.map(([label, value]) => (
        <View key={label} style={styles.fieldRow} wrap={false}>
          <Text style={styles.fieldLabel}>{label}</Text>
          <Text style={styles.fieldValue}>{orDash(value)}</Text>
        </View>
      ))}
    </View>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={styles.paragraph}>{children}</Text>;
}

export interface Column {
  label: string;
  /** Share of the table width (roughly its width in points). */
  flex: number;
}

const BREAK_AFTER = /[@./_:-]/;

/**
 * Puts line breaks into words longer than `maxChars` (an email, a message id, an IPv6 address),
 * after an @ . / _ : or - where one is near, so they wrap inside their cell instead of running over.
 */
export function breakLongWords(text: string, maxChars: number): string {
  return text
    .split(' ')
    .map((word) => {
      const lines: string[] = [];
      let rest = word;
      while (rest.length > maxChars) {
        let cut = maxChars;
        for (let i = maxChars - 1; i >= maxChars / 2; i--) {
          if (BREAK_AFTER.test(rest[i]!)) {
            cut = i + 1;
            break;
          }
        }
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      return [...lines, rest].join('\n');
    })
    .join(' ');
}

/** A table; rows never split across pages, and the header never ends a page: it goes with the first row. */
export function Table({ columns, rows, empty }: { columns: Column[]; rows: unknown[][]; empty: string }) {
  const totalFlex = columns.reduce((sum, c) => sum + c.flex, 0);
  const maxChars = columns.map((c) =>
    Math.max(4, Math.floor(((c.flex / totalFlex) * CONTENT_WIDTH - 2 * CELL_PADDING) / (CELL_FONT_SIZE * GLYPH_EM))),
  );
  const line = (row: unknown[], i: number) => (
    <View key={i} style={styles.row} wrap={false}>
      {columns.map((c, j) => (
        <Text key={c.label} style={[styles.cell, { flex: c.flex }]}>
          {breakLongWords(orDash(row[j]), maxChars[j]!)}
        </Text>
      ))}
    </View>
  );
  return (
    <View style={styles.table}>
      <View wrap={false}>
        <View style={styles.headRow}>
          {columns.map((c) => (
            <Text key={c.label} style={[styles.headCell, { flex: c.flex }]}>
              {c.label}
            </Text>
          ))}
        </View>
        {rows.length === 0 ? <Text style={styles.empty}>{empty}</Text> : line(rows[0]!, 0)}
      </View>
      {rows.slice(1).map((row, i) => line(row, i + 1))}
    </View>
  );
}

export const renderPdf = (document: Parameters<typeof renderToBuffer>[0]): Promise<Buffer> => renderToBuffer(document);
