/**
 * The terminal as a person sees it: the real `roundtable` in a pseudo-terminal of 80 × 24 (util-linux `script`,
 * present on every Debian), typed at line by line, the screen read as the last 24 rows once the program waits
 * for the next answer. Each answer to a mistake says what would do; nothing said is pushed off the screen by the
 * board drawn after it; white and black swords read apart without colours.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, ENV } from './fixtures/engine-process.ts';

const ROWS = 24;
const COLS = 80;

class Pty {
  private readonly child: ChildProcess;
  out = '';
  constructor(args: string[]) {
    const command = `stty cols ${COLS} rows ${ROWS}; exec ${[process.execPath, BIN, ...args].map((a) => `'${a}'`).join(' ')}`;
    this.child = spawn('script', ['-qfec', command, '/dev/null'], { env: { ...ENV, TERM: 'dumb' } });
    this.child.stdout?.on('data', (d: Buffer) => (this.out += d.toString()));
    started.push(this);
  }
  type(line: string): void {
    this.child.stdin?.write(`${line}\r`);
  }
  /** The output after `from` characters as one line: wrapped rows joined, colours and returns left out. */
  flat(from = 0): string {
    return this.out
      .slice(from)
      .replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '')
      .replace(/\r/g, '')
      .replace(/\n */g, ' ');
  }
  /** Waits until the output holds `what` after `from` characters; fails with the screen when it never comes. */
  async waitFor(what: RegExp, from = 0, ms = 20_000): Promise<void> {
    const until = Date.now() + ms;
    while (!what.test(this.flat(from))) {
      if (Date.now() > until) throw new Error(`never saw ${String(what)}; screen:\n${this.screen()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  /** The 24 rows on screen now: the text since the last clear, colours and carriage returns left out. */
  screen(): string[] {
    const cleared = this.out.split(/\u001b\[2J|\u001b\[H\u001b\[2J|\u001bc/).pop() ?? '';
    const text = cleared.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r/g, '');
    return text.split('\n').slice(-ROWS);
  }
  kill(): void {
    this.child.kill();
  }
}

const started: Pty[] = [];
afterAll(() => started.forEach((p) => p.kill()));

describe('the terminal at 80 × 24, through a pseudo-terminal', () => {
  it('the menu answers a wrong answer with what it takes', async () => {
    const p = new Pty(['--no-color']);
    await p.waitFor(/Game number \[1\]: $/);
    p.type('9');
    await p.waitFor(/"9" is not an answer here: type a number from 1 to \d, or a game's id \(camelot, [a-z, -]+\)\./);
    const at = p.out.length;
    p.type('lancelot');
    await p.waitFor(/Number of players \(2–5\) \[2\]: $/, at);
    p.type('seven');
    await p.waitFor(/"seven" is not an answer here: type a whole number from 2 to 5\./, at);
    p.kill();
  }, 30_000);

  it('Lancelot in French: the undo confirmation is on screen under the board, at the prompt', async () => {
    const p = new Pty(['--lang', 'fr', 'play', 'lancelot', '--seat1', 'random', '--seed', '1', '--no-color']);
    await p.waitFor(/Rouge > $/);
    let at = p.out.length;
    p.type('G7');
    await p.waitFor(/Rouge > $/, at);
    at = p.out.length;
    p.type('annuler');
    await p.waitFor(/Rouge > $/, at);
    const screen = p.screen();
    expect(screen.join('\n'), screen.join('\n')).toMatch(/2 coups repris\./);
    for (const row of screen) expect(row.length).toBeLessThanOrEqual(COLS);
    p.type('quitter');
  }, 30_000);

  it('Chevaliers: white and black swords read apart without colours; « propose 1 2 » says what a proposal needs', async () => {
    const p = new Pty(
      ['play', 'shadows', '--players', '4', '--seat1', 'random', '--seat2', 'random', '--seat3', 'random'].concat([
        '--seed',
        '1',
        '--no-color',
      ]),
    );
    await p.waitFor(/ > $/);
    expect(p.screen().join('\n')).toMatch(/swords: 0 ⚔ white \/ 0 ⚔ black \(12\)/);
    let at = p.out.length;
    p.type('lay fight-1');
    await p.waitFor(/ > $/, at);
    at = p.out.length;
    p.type('propose 1 2');
    await p.waitFor(/ > $/, at);
    expect(p.flat(at)).toMatch(
      /"propose 1 2" does not give each seat one card: give 4 numbers, each seat from 0 to 3 once \(seat i gets the card laid by the i-th number\), e\.g\. "propose 1 2 3 0"\./,
    );
    p.type('quit');
  }, 30_000);
});
