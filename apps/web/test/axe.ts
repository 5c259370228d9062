// The accessibility check every browser suite runs: axe-core injected into the page as it is.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

const AXE = readFileSync(fileURLToPath(new URL('../../../node_modules/axe-core/axe.min.js', import.meta.url)), 'utf8');

/** No serious or critical accessibility violation on the page as it is (axe-core, injected). */
export async function axeClean(page: Page, what: string): Promise<void> {
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
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
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
      );
  });
  expect(found, `axe on ${what}`).toEqual([]);
}
