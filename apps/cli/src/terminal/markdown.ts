import type { Style } from './style.ts';
import { wrapLine } from './wrap.ts';

/**
 * The rules references (Markdown) for a terminal of `width` columns: paragraphs reflowed to the width, headings
 * in bold, list items with a hanging indent, `**bold**` in bold (plain without colour), tables kept when they fit
 * and otherwise given one block per row ("Header: cell"), as they always are for a screen reader (`rowsOnly`). Only what our rules texts use is understood.
 */
export function renderMarkdown(markdown: string, width: number, s: Style, rowsOnly = false): string {
  const out: string[] = [];
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length === 0) return;
    out.push(...wrapLine(inline(paragraph.join(' '), s), width));
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const item = /^(\s*)([-*]|\d+[.)])\s+(.*)$/.exec(line);
    if (line.trim() === '') {
      flush();
      out.push('');
    } else if (heading) {
      flush();
      out.push(...wrapLine(s.bold(strip(heading[2] as string)), width));
    } else if (/^\s*\|/.test(line)) {
      flush();
      const rows: string[] = [];
      while (i < lines.length && /^\s*\|/.test(lines[i] as string)) rows.push(lines[i++] as string);
      i--;
      out.push(...table(rows, width, s, rowsOnly));
    } else if (item) {
      flush();
      // The item runs on over the following indented lines.
      let text = item[3] as string;
      while (
        i + 1 < lines.length &&
        /^\s+\S/.test(lines[i + 1] as string) &&
        !/^\s*([-*]|\d+[.)])\s/.test(lines[i + 1] as string)
      )
        text += ` ${(lines[++i] as string).trim()}`;
      const bullet = `${item[1]}${item[2] === '*' ? '-' : item[2]} `;
      out.push(...wrapLine(`${bullet}${inline(text, s)}`, width, bullet.length - (item[1] as string).length));
    } else {
      paragraph.push(line.trim());
    }
  }
  flush();
  // No run of blank lines, none at either end.
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\n+$/g, '');
}

function inline(text: string, s: Style): string {
  return text
    .replace(/\*\*(.+?)\*\*/g, (_, b: string) => s.bold(b))
    .replace(/`([^`]+)`/g, (_, c: string) => s.cyan(`\`${c}\``));
}

function strip(text: string): string {
  return text.replace(/\*\*(.+?)\*\*/g, '$1');
}

function table(rows: readonly string[], width: number, s: Style, rowsOnly: boolean): string[] {
  const cells = rows
    .filter((r) => !/^\s*\|?\s*:?-{2,}/.test(r))
    .map((r) =>
      r
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((c) => c.trim()),
    );
  const [header = [], ...body] = cells;
  const widths = header.map((_, c) => Math.max(...cells.map((r) => strip(r[c] ?? '').length)));
  const total = widths.reduce((a, b) => a + b, 0) + 3 * Math.max(0, widths.length - 1);
  if (total <= width && !rowsOnly) {
    const row = (r: readonly string[]) =>
      r
        .map((c, j) => inline(c, s) + ' '.repeat(Math.max(0, (widths[j] ?? 0) - strip(c).length)))
        .join(' │ ')
        .trimEnd();
    return [s.bold(row(header)), widths.map((w) => '─'.repeat(w)).join('─┼─'), ...body.map(row)];
  }
  // Too wide: one block per row, each cell under its column's name.
  const out: string[] = [];
  for (const r of body) {
    r.forEach((c, j) =>
      out.push(...wrapLine(`${j === 0 ? '- ' : '  '}${s.bold(strip(header[j] ?? ''))}: ${inline(c, s)}`, width, 2)),
    );
  }
  return out;
}
