// The sdk's Chakra system holds only the recipes of the components the containers use (shell/sdk/src/theme/
// system.ts); a component without its recipe renders unstyled. What each component needs is read from
// Chakra's own modules (shell/sdk/build/chakra-recipes.mjs), so adding a component to a page without adding
// its recipe fails here.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultSystem } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain JavaScript build module without declarations
import { chakraRecipesOf, chakraRecipesUsed } from '../../shell/sdk/build/chakra-recipes.mjs';
// @ts-expect-error -- plain JavaScript build module without declarations
import pureThemeLoader from '../../shell/sdk/build/pure-theme-loader.mjs';
import { system } from '../../shell/sdk/src/theme/system.ts';

interface Recipes {
  recipes: string[];
  slotRecipes: string[];
  unknown: string[];
}

const REPO = join(import.meta.dirname, '..', '..');
const CONTAINERS = ['shell/src', 'shell/sdk/src', 'mfe-venues/src', 'mfe-cards/src', 'mfe-media/src', 'mfe-admin/src'].map((dir) => join(REPO, dir));

/** The recipe keys of a system's theme. */
function themeRecipes(of: typeof system): { recipes: string[]; slotRecipes: string[] } {
  const theme = of._config.theme ?? {};
  return { recipes: Object.keys(theme.recipes ?? {}).sort(), slotRecipes: Object.keys(theme.slotRecipes ?? {}).sort() };
}

describe('chakraRecipesOf', () => {
  it("reads the recipes of components, their parts and the components they render from Chakra's modules", () => {
    const found = chakraRecipesOf(['Button', 'Card', 'Box', 'Portal'], ['@chakra-ui/react/menu']) as Recipes;
    // IconButton and Button render a Spinner while loading; Card is a slot recipe; Box and Portal have none.
    expect(found.recipes).toEqual(expect.arrayContaining(['button', 'spinner']));
    expect(found.slotRecipes).toEqual(expect.arrayContaining(['card', 'menu']));
    expect(found.unknown).toEqual([]);
    expect((chakraRecipesOf(['Table', 'NotAChakraExport']) as Recipes).slotRecipes).toContain('table');
    expect((chakraRecipesOf(['NotAChakraExport']) as Recipes).unknown).toEqual(['NotAChakraExport']);
  });

  it('finds a component a page starts to use', () => {
    const root = mkdtempSync(join(tmpdir(), 'venuebook-recipes-'));
    try {
      mkdirSync(join(root, 'src'));
      writeFileSync(join(root, 'src', 'page.tsx'), `import { Table, Box } from '@chakra-ui/react';\nimport { Tooltip } from '@chakra-ui/react/tooltip';\n`);
      const found = chakraRecipesUsed([join(root, 'src')]) as Recipes;
      expect(found.slotRecipes).toEqual(expect.arrayContaining(['table', 'tooltip']));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('pure-theme-loader', () => {
  const load = (source: string): string =>
    (pureThemeLoader as (this: { resourcePath: string }, source: string) => string).call({ resourcePath: 'theme/index.js' }, source);

  it("marks the all-recipes config of Chakra's installed theme module pure, and refuses a module it does not know", () => {
    const theme = readFileSync(fileURLToPath(import.meta.resolve('@chakra-ui/react/theme')), 'utf8');
    expect(load(theme)).toContain('const defaultThemeConfig = /*#__PURE__*/ defineConfig(');
    expect(() => load('export const tokens = {};')).toThrow(/update shell\/sdk\/build\/pure-theme-loader.mjs/);
  });
});

describe("the sdk's system", () => {
  const used = chakraRecipesUsed(CONTAINERS) as Recipes;
  const all = themeRecipes(defaultSystem);
  const ours = themeRecipes(system);

  it('knows every Chakra name the containers import', () => {
    expect(used.unknown).toEqual([]);
  });

  it("has the default theme's recipe of every component the containers use", () => {
    // Keys without a recipe in Chakra's default theme (e.g. 'text') need none.
    const missing = [
      ...used.recipes.filter((key) => all.recipes.includes(key) && !ours.recipes.includes(key)).map((key) => `recipes.${key}`),
      ...used.slotRecipes.filter((key) => all.slotRecipes.includes(key) && !ours.slotRecipes.includes(key)).map((key) => `slotRecipes.${key}`),
    ];
    expect(missing, 'add these recipes (from @chakra-ui/react/theme) to shell/sdk/src/theme/system.ts').toEqual([]);
    for (const key of ours.recipes) expect(system._config.theme?.recipes?.[key], key).toEqual(defaultSystem._config.theme?.recipes?.[key]);
    for (const key of ours.slotRecipes) expect(system._config.theme?.slotRecipes?.[key], key).toEqual(defaultSystem._config.theme?.slotRecipes?.[key]);
  });

  it('carries no recipe that no container uses (each one is weight on the first page)', () => {
    expect(ours.recipes.filter((key) => !used.recipes.includes(key))).toEqual([]);
    expect(ours.slotRecipes.filter((key) => !used.slotRecipes.includes(key))).toEqual([]);
  });

  it("keeps Chakra's tokens, semantic tokens and styles, with the brand palette on top", () => {
    const theme = system._config.theme!;
    const base = defaultSystem._config.theme!;
    expect(Object.keys(theme.tokens!.colors!)).toEqual(expect.arrayContaining([...Object.keys(base.tokens!.colors!), 'brand']));
    expect(theme.textStyles).toEqual(base.textStyles);
    expect(theme.layerStyles).toEqual(base.layerStyles);
    expect(system.token('colors.brand.600')).toBe('#4f46e5');
    expect(system.token('colors.gray.500')).toBe(defaultSystem.token('colors.gray.500'));
    expect(system._config.globalCss).toMatchObject({ 'html, body': { bg: 'page', color: 'fg' } });
  });
});
