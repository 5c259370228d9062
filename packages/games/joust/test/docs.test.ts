import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { joust } from '../src/index.ts';

describe('Rules reference: the in-app text is RULES.md', () => {
  const file = readFileSync(new URL('../RULES.md', import.meta.url), 'utf8');

  it.each(['fr', 'en'] as const)('every paragraph of the %s text is in RULES.md, decisions marked', (lang) => {
    const text = joust.rules![lang];
    const paragraphs = text.split(/\n\n+/).filter((p) => !p.startsWith('#'));
    expect(paragraphs.length).toBeGreaterThan(8);
    for (const p of paragraphs) expect(file).toContain(p.trim());
    expect(text).toContain(lang === 'fr' ? '[décision]' : '[decision]');
  });
});
