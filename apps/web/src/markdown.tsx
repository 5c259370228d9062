import type { ComponentChildren, VNode } from 'preact';

/**
 * A small Markdown reader for the rules texts: headings, paragraphs, lists, tables, rules, bold, italics and
 * code. Enough for the engines' `rules`, with no HTML ever injected (every piece of text becomes a text node).
 */
export function Markdown({ source }: { source: string }): VNode {
  return <div class="markdown">{blocks(source)}</div>;
}

function blocks(source: string): VNode[] {
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  const out: VNode[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    if (line.trim() === '') {
      i++;
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const level = Math.min(6, (heading[1] as string).length + 1);
      const H = `h${level}` as 'h2';
      out.push(<H key={i}>{inline(heading[2] as string)}</H>);
      i++;
      continue;
    }
    if (/^(---+|\*\*\*+)\s*$/.test(line)) {
      out.push(<hr key={i} />);
      i++;
      continue;
    }
    if (/^```/.test(line)) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !/^```/.test(lines[i] as string)) code.push(lines[i++] as string);
      i++;
      out.push(
        <pre key={i}>
          <code>{code.join('\n')}</code>
        </pre>,
      );
      continue;
    }
    if (/^\s*\|/.test(line)) {
      const rows: string[][] = [];
      while (i < lines.length && /^\s*\|/.test(lines[i] as string)) {
        const cells = (lines[i] as string)
          .trim()
          .replace(/^\|/, '')
          .replace(/\|$/, '')
          .split('|')
          .map((c) => c.trim());
        if (!cells.every((c) => /^:?-{2,}:?$/.test(c))) rows.push(cells);
        i++;
      }
      const [head, ...body] = rows;
      out.push(
        <table key={i}>
          {head && (
            <thead>
              <tr>
                {head.map((c, k) => (
                  <th key={k}>{inline(c)}</th>
                ))}
              </tr>
            </thead>
          )}
          <tbody>
            {body.map((r, n) => (
              <tr key={n}>
                {r.map((c, k) => (
                  <td key={k}>{inline(c)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>,
      );
      continue;
    }
    const bullet = /^\s*([-*+]|\d+[.)])\s+/;
    if (bullet.test(line)) {
      const ordered = /^\s*\d/.test(line);
      const items: string[] = [];
      while (
        i < lines.length &&
        (bullet.test(lines[i] as string) || (/^\s{2,}\S/.test(lines[i] as string) && items.length > 0))
      ) {
        const l = lines[i] as string;
        if (bullet.test(l)) items.push(l.replace(bullet, ''));
        else items[items.length - 1] += ` ${l.trim()}`;
        i++;
      }
      const List = ordered ? 'ol' : 'ul';
      out.push(
        <List key={i}>
          {items.map((it, k) => (
            <li key={k}>{inline(it)}</li>
          ))}
        </List>,
      );
      continue;
    }
    if (/^>\s?/.test(line)) {
      const quote: string[] = [];
      while (i < lines.length && /^>\s?/.test(lines[i] as string))
        quote.push((lines[i++] as string).replace(/^>\s?/, ''));
      out.push(<blockquote key={i}>{blocks(quote.join('\n'))}</blockquote>);
      continue;
    }
    const para: string[] = [];
    while (
      i < lines.length &&
      (lines[i] as string).trim() !== '' &&
      !/^(#{1,6}\s|\s*\||```|\s*([-*+]|\d+[.)])\s+|>)/.test(lines[i] as string)
    )
      para.push(lines[i++] as string);
    if (para.length === 0) para.push(lines[i++] as string);
    out.push(<p key={i}>{inline(para.join(' '))}</p>);
  }
  return out;
}

/** Inline marks: `code`, **bold**, *italics* / _italics_; a [decision] mark is highlighted. */
function inline(text: string): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  const re = /(`[^`]+`|\*\*[^*]+\*\*|\*[^*\s][^*]*\*|\b_[^_]+_\b|\[(?:decision|décision)\])/gi;
  let last = 0;
  let m: RegExpExecArray | null;
  let k = 0;
  while ((m = re.exec(text))) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const token = m[0];
    if (token.startsWith('`')) out.push(<code key={k++}>{token.slice(1, -1)}</code>);
    else if (token.startsWith('**')) out.push(<strong key={k++}>{inline(token.slice(2, -2))}</strong>);
    else if (token.startsWith('['))
      out.push(
        <mark key={k++} class="decision">
          {token}
        </mark>,
      );
    else out.push(<em key={k++}>{inline(token.slice(1, -1))}</em>);
    last = m.index + token.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
