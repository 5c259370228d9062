// The accessibility check every browser suite runs: axe-core injected into the page as it is.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

const AXE = readFileSync(fileURLToPath(new URL('../../../node_modules/axe-core/axe.min.js', import.meta.url)), 'utf8');

/**
 * No serious or critical accessibility violation on the page as it is (axe-core, injected); `every`: no violation
 * of any impact (minor and moderate ones too: a skipped heading, a missing h1).
 */
export async function axeClean(page: Page, what: string, every = false): Promise<void> {
  await page.evaluate(AXE);
  const found = await page.evaluate(async (every) => {
    const r = await (
      window as unknown as {
        axe: {
          run: (
            ctx: unknown,
            o: unknown,
          ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => every || v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
      );
  }, every);
  expect(found, `axe on ${what}`).toEqual([]);
}
