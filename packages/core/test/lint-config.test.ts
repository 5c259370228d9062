// The lint configuration itself, through the same APIs `npm run lint` uses: the layers of ../shared/ARCHITECTURE.md
// are refused whether a step down is written as a package name or as a relative path, unused names are refused, a
// clean file passes, and Prettier's check refuses a badly formatted one. `npm test` stops on any of these.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

/** The rule ids ESLint reports for `code` placed at `filePath` (relative to the repository). */
async function reported(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

const importing = (from: string) => `import { a } from '${from}';\n\nexport const b = a;\n`;

describe('the layer rules', () => {
  it.each([
    ['a game engine', 'packages/games/camelot/src/x.ts', '@roundtable/server/src/storage/sqlite.ts'],
    ['a game engine', 'packages/games/camelot/src/x.ts', '../../../../apps/server/src/storage/sqlite.ts'],
    ['a game engine', 'packages/games/camelot/src/x.ts', '@roundtable/ai'],
    ['a game engine', 'packages/games/camelot/src/x.ts', '../../../ai/src/index.ts'],
    ['core', 'packages/core/src/x.ts', '@roundtable/camelot'],
    ['core', 'packages/core/src/x.ts', '../../games/camelot/src/index.ts'],
    ['the bots', 'packages/ai/src/x.ts', '@roundtable/cli'],
    ['the bots', 'packages/ai/src/x.ts', '../../../apps/server/src/config.ts'],
    ['the bots', 'packages/ai/src/x.ts', '@roundtable/catalog'],
    ['the catalog', 'packages/catalog/src/x.ts', '@roundtable/web'],
    ['the catalog', 'packages/catalog/src/x.ts', '../../../apps/web/src/games.ts'],
    ['the protocol', 'packages/protocol/src/x.ts', '@roundtable/ai'],
    ['the web', 'apps/web/src/x.ts', '@roundtable/server'],
    ['the web', 'apps/web/src/x.ts', '../../server/src/config.ts'],
    ['the web', 'apps/web/src/x.ts', '../../cli/src/registry.ts'],
    ['the server', 'apps/server/src/x.ts', '@roundtable/web/src/games.ts'],
  ])('%s at %s may not import %s', async (_who, filePath, from) => {
    expect(await reported(filePath, importing(from))).toEqual(['no-restricted-imports']);
  });

  it.each([
    ['a game engine', 'packages/games/camelot/src/x.ts', '@roundtable/core'],
    ['a game engine', 'packages/games/camelot/src/x.ts', './rules.ts'],
    ['the bots', 'packages/ai/src/x.ts', '@roundtable/camelot'],
    ['the catalog', 'packages/catalog/src/x.ts', '@roundtable/ai'],
    ['the web', 'apps/web/src/x.ts', '@roundtable/catalog'],
    // the web reads the published ratings by path so that the first page does not bring the bots
    ['the web', 'apps/web/src/social/x.ts', '../../../../packages/ai/src/ratings.ts'],
    ['the server', 'apps/server/src/match/x.ts', '../web/static.ts'],
  ])('%s at %s may import %s', async (_who, filePath, from) => {
    expect(await reported(filePath, importing(from))).toEqual([]);
  });
});

describe('the code rules', () => {
  it('an unused variable is reported', async () => {
    const code = 'const unused = 1;\n\nexport const b = 2;\n';
    expect(await reported('packages/core/src/x.ts', code)).toEqual(['@typescript-eslint/no-unused-vars']);
  });

  it('an `any` is reported in sources, allowed in tests', async () => {
    const code = 'export const b = (x: any) => x;\n';
    expect(await reported('packages/core/src/x.ts', code)).toEqual(['@typescript-eslint/no-explicit-any']);
    expect(await reported('packages/core/test/x.test.ts', code)).toEqual([]);
  });

  it('a clean file passes', async () => {
    const code =
      "import { isSeed } from '@roundtable/core';\n\nexport const valid = (seed: unknown) => isSeed(seed);\n";
    expect(await reported('packages/games/camelot/src/x.ts', code)).toEqual([]);
  });
});

describe('the format check', () => {
  const filepath = `${repoRoot}packages/core/src/x.ts`;

  it('Prettier with the repository configuration refuses a badly formatted file and accepts its formatted form', async () => {
    const options = { ...(await prettier.resolveConfig(filepath)), filepath };
    expect(options.printWidth).toBe(120);
    const bad = 'export const  b = {a:1,\n  "c" : 2}\n';
    expect(await prettier.check(bad, options)).toBe(false);
    const good = await prettier.format(bad, options);
    expect(good).toBe('export const b = { a: 1, c: 2 };\n');
    expect(await prettier.check(good, options)).toBe(true);
  });
});
