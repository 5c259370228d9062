/**
 * French typography over every French string of the web client, the terminal and the games' words (their
 * messages, narration and rules), read from the sources: a string is French when it is the `fr` entry of an
 * `{ en, fr }` pair (a value or a function's body), the French branch of `lang === 'fr' ? … : …`, the first text
 * of a narration's `tr(fr, en)` or a `const fr` text (a rules reference). Each must use
 * the typographic apostrophe (’) in prose, a non-breaking space before « : ; ! ? » and inside « », and no
 * "(s)" plural left for the reader to agree.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FOLDERS = ['apps/web/src', 'apps/cli/src', 'packages/core/src', ...gameFolders()];

function gameFolders(): string[] {
  return readdirSync(join(ROOT, 'packages/games')).map((g) => `packages/games/${g}/src`);
}

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Whether an expression's text names French as the condition's true side (`fr`, `lang === 'fr'`). */
function frenchSide(condition: string): 'true' | 'false' | null {
  if (/(^|[^\w.])fr$|===\s*'fr'|'fr'\s*===/.test(condition.trim())) return 'true';
  if (/===\s*'en'|'en'\s*===|!==\s*'fr'/.test(condition.trim())) return 'false';
  return null;
}

/** The literal pieces of the French strings of one file, with their line numbers. */
export function frenchStrings(path: string): { text: string; line: number }[] {
  const source = readFileSync(join(ROOT, path), 'utf8');
  const file = ts.createSourceFile(
    path,
    source,
    ts.ScriptTarget.Latest,
    true,
    path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const out: { text: string; line: number }[] = [];
  const collect = (node: ts.Node): void => {
    const line = file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.push({ text: node.text, line });
    else if (ts.isTemplateExpression(node)) {
      out.push({
        text: `${node.head.text}\uE001${node.templateSpans.map((s) => s.literal.text).join('\uE001')}`,
        line,
      });
      node.templateSpans.forEach((s) => collect(s.expression));
      return;
    } else if (ts.isJsxText(node)) out.push({ text: node.text, line });
    // Inside French text, what is compared or indexed is code, not words.
    if (ts.isBinaryExpression(node) || ts.isElementAccessExpression(node) || ts.isCallExpression(node)) {
      if (ts.isCallExpression(node)) node.arguments.forEach(collect);
      return;
    }
    ts.forEachChild(node, collect);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && (node.name.getText(file) === 'fr' || node.name.getText(file) === "'fr'")) {
      collect(node.initializer);
      return;
    }
    // The narrations' `tr(fr, en)`: two texts, French first.
    const literal = (n: ts.Node | undefined): boolean =>
      n !== undefined && (ts.isStringLiteral(n) || ts.isTemplateExpression(n) || ts.isNoSubstitutionTemplateLiteral(n));
    if (
      ts.isCallExpression(node) &&
      node.expression.getText(file) === 'tr' &&
      node.arguments.length === 2 &&
      literal(node.arguments[0]) &&
      literal(node.arguments[1])
    ) {
      collect(node.arguments[0]!);
      visit(node.arguments[1]!);
      return;
    }
    if (ts.isVariableDeclaration(node) && node.name.getText(file) === 'fr' && node.initializer) {
      collect(node.initializer);
      return;
    }
    if (ts.isConditionalExpression(node)) {
      const side = frenchSide(node.condition.getText(file));
      if (side) {
        collect(side === 'true' ? node.whenTrue : node.whenFalse);
        visit(side === 'true' ? node.whenFalse : node.whenTrue);
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

const LETTER = 'A-Za-zÀ-ÖØ-öø-ÿœŒ';
/** What a French string may not contain, and why. */
const RULES: [RegExp, string][] = [
  [new RegExp(`[${LETTER}]'[${LETTER}]`), 'an ASCII apostrophe in prose (’)'],
  [/ [:;!?](\s|$|\uE001)/, 'a plain space before « : ; ! ? » (a non-breaking one)'],
  [new RegExp(`[${LETTER}\\d)»][;!?](\\s|$)`), 'a glued « ; ! ? » (a non-breaking space before it)'],
  [new RegExp(`[${LETTER})»][:](\\s|$)`), 'a glued colon (a non-breaking space before it)'],
  [/«(?![\u00a0\u202f])|(?<![\u00a0\u202f])»/, '« » without non-breaking spaces inside'],
  [/\((s|x|e|es)\)/, 'a plural left to the reader ("(s)")'],
];

describe('French typography in the sources', () => {
  const all = FOLDERS.flatMap(files);
  it('finds the French strings (sanity)', () => {
    expect(all.length).toBeGreaterThan(100);
    const count = all.reduce((n, f) => n + frenchStrings(f).length, 0);
    expect(count).toBeGreaterThan(1200);
  });
  it('every French string: ’, non-breaking spaces, plurals agreed', () => {
    const found: string[] = [];
    for (const path of all) {
      for (const { text, line } of frenchStrings(path)) {
        // Notation and code inside backticks (`end`, `play red-3`) are not prose.
        const prose = text.replace(/`[^`]*`/g, '`…`');
        for (const [rule, why] of RULES)
          if (rule.test(prose))
            found.push(`${relative(ROOT, join(ROOT, path))}:${line} ${why}: ${JSON.stringify(text.slice(0, 90))}`);
      }
    }
    expect(found.join('\n')).toBe('');
  });
});
