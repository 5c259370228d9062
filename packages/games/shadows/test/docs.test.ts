import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shadows } from '../src/index.ts';

describe('Rules reference: the in-app text is RULES.md', () => {
  const file = readFileSync(new URL('../RULES.md', import.meta.url), 'utf8');

  it.each(['fr', 'en'] as const)('every paragraph of the %s text is in RULES.md, decisions marked', (lang) => {
    const text = shadows.rules![lang];
    const paragraphs = text.split(/\n\n+/).filter((p) => !p.startsWith('#'));
    expect(paragraphs.length).toBeGreaterThan(15);
    for (const p of paragraphs) expect(file).toContain(p.trim());
    expect(text).toContain(lang === 'fr' ? '[décision]' : '[decision]');
  });
});

describe('NOTATION.md names every move type', () => {
  const file = readFileSync(new URL('../NOTATION.md', import.meta.url), 'utf8');
  it.each([
    'lay',
    'propose',
    'accept',
    'refuse',
    'evil',
    'keep',
    'place',
    'war',
    'pass',
    'merlin',
    'volunteer',
    'discard',
    'move',
    'draw',
    'siege',
    'fight',
    'push',
    'grail',
    'heal',
    'accuse',
    'play',
    'give',
    'return',
    'order',
    'kay',
    'save',
    'excalibur',
    'target',
    'declare',
    'reveal',
    'end',
  ])('%s', (verb) => {
    expect(file).toContain(`\`${verb}`);
  });
});
