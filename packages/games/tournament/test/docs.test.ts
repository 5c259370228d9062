import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GODSENDS, HEROES, LEGENDS, tournament } from '../src/index.ts';

describe('Rules reference: the in-app text is RULES.md', () => {
  const file = readFileSync(new URL('../RULES.md', import.meta.url), 'utf8');

  it.each(['fr', 'en'] as const)('every paragraph of the %s text is in RULES.md, decisions marked', (lang) => {
    const text = tournament.rules![lang];
    const paragraphs = text.split(/\n\n+/).filter((p) => !p.startsWith('#'));
    expect(paragraphs.length).toBeGreaterThan(10);
    for (const p of paragraphs) expect(file).toContain(p.trim());
    expect(text).toContain(lang === 'fr' ? '[décision]' : '[decision]');
    for (const card of [...HEROES, ...LEGENDS, ...GODSENDS]) expect(text).toContain(`\`${card.id}\` ${card[lang]}`);
  });
});

describe('NOTATION.md', () => {
  const file = readFileSync(new URL('../NOTATION.md', import.meta.url), 'utf8');
  it('every example move in its table parses', () => {
    const examples = [...file.matchAll(/^\| `([^`]+)`/gm)].map((m) => m[1]!);
    expect(examples.length).toBeGreaterThan(8);
    for (const e of examples) expect(tournament.parseMove(undefined as never, 0, e).ok, e).toBe(true);
  });
});
