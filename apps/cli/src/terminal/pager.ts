import { spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { AnyGame, Lang } from '@roundtable/core';
import { renderMarkdown } from './markdown.ts';
import { colorWanted, style } from './style.ts';
import { terminalWidth } from './wrap.ts';

/** What the built-in pager asks between two screens; null means "stop here". */
export type MoreAsk = (prompt: string) => Promise<string | null>;

const MORE: Readonly<Record<Lang, string>> = {
  en: '-- more: Enter for the next page, q to stop --',
  fr: '-- suite\u00a0: Entrée pour la page suivante, q pour arrêter --',
};

/**
 * Writes `text` one screen of `rows` lines at a time, asking between screens; any answer starting with "q"
 * (or the end of the input) stops. A text that fits on one screen is written at once.
 */
export async function pageText(text: string, rows: number, output: Writable, ask: MoreAsk, lang: Lang): Promise<void> {
  const lines = text.split('\n');
  const page = Math.max(3, rows - 1);
  for (let i = 0; i < lines.length; i += page) {
    if (i > 0) {
      const answer = await ask(`${MORE[lang]} `);
      if (answer === null || /^q/i.test(answer.trim())) return;
    }
    output.write(`${lines.slice(i, i + page).join('\n')}\n`);
  }
}

/** The rules of a game fitted to the terminal: reflowed to its width, coloured when colour is wanted. */
/** The rules for a terminal; `plain`: for a screen reader, tables as one block per row, nothing drawn. */
export function rulesText(game: AnyGame, lang: Lang, width: number, color: boolean, plain = false): string {
  if (!game.rules)
    return lang === 'fr'
      ? `${game.name[lang]}\u00a0: pas encore de texte des règles.`
      : `${game.name[lang]}: no rules text yet.`;
  return renderMarkdown(game.rules[lang], width, style(color), plain);
}

/**
 * `roundtable rules <game>`: on a terminal, the rules wrapped to its width and paged through $PAGER (else
 * `less -RFX` when installed, else a built-in "Enter for more" pager); into a pipe or a file, the same text
 * wrapped to $COLUMNS (80 by default), without colour or paging.
 */
export async function showRules(
  game: AnyGame,
  lang: Lang,
  output: Writable & { isTTY?: boolean; columns?: number; rows?: number } = process.stdout,
  input: Readable & { isTTY?: boolean } = process.stdin,
): Promise<void> {
  const tty = Boolean(output.isTTY);
  const text = rulesText(game, lang, terminalWidth(output), colorWanted(undefined, output));
  const rows = output.rows ?? 24;
  if (!tty || text.split('\n').length < rows) {
    output.write(`${text}\n`);
    return;
  }
  const pager = process.env.PAGER?.trim() || (onPath('less') ? 'less -RFX' : '');
  if (pager === 'cat') {
    output.write(`${text}\n`);
    return;
  }
  if (pager !== '') {
    const run = spawnSync(pager, { input: `${text}\n`, stdio: ['pipe', 'inherit', 'inherit'], shell: true });
    if (run.status === 0) return;
  }
  const rl = createInterface({ input, output, terminal: Boolean(input.isTTY) });
  try {
    await pageText(
      text,
      rows,
      output,
      (prompt) =>
        new Promise((resolve) => {
          rl.question(prompt, resolve);
          rl.once('close', () => resolve(null));
        }),
      lang,
    );
  } finally {
    rl.close();
  }
}

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}
