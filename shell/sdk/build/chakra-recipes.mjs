// Which Chakra UI recipes the containers' components need. The sdk's system (shell/sdk/src/theme/system.ts)
// holds only those recipes instead of Chakra's whole default theme (a large share of Chakra's weight on the
// first page: docs/decisions/0005-first-page-weight.md); a component whose recipe is missing renders unstyled,
// so tests/structure checks the system against this list.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { collectImportedNames, collectSubpathImports } from './shared-imports.mjs';

const require = createRequire(import.meta.url);
const CHAKRA = '@chakra-ui/react';

/** Chakra's ESM folder (dist/esm), where its package exports point. */
function chakraEsmDir() {
  return path.join(path.dirname(require.resolve(`${CHAKRA}/package.json`)), 'dist', 'esm');
}

/** Parsed ESM file, cached. */
const parsed = new Map();
function parse(file) {
  if (!parsed.has(file)) parsed.set(file, ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.JS));
  return parsed.get(file);
}

const relative = (file, specifier) => (specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : undefined);

/** An export that Chakra re-exports from another package (Ark UI's Portal, createToaster): no recipe. */
const OUTSIDE = Symbol('outside Chakra');

/**
 * The file that defines export `name` of the Chakra module `file`, following `export { A } from`,
 * `import * as ns from …; export { ns as A }` and `export * from` (inside Chakra only).
 * @returns {string | typeof OUTSIDE | undefined} undefined when Chakra has no such export
 */
function definingFile(file, name, seen = new Set()) {
  if (seen.has(file)) return undefined;
  seen.add(file);
  const source = parse(file);
  const namespaceImports = new Map();
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && node.importClause?.namedBindings && ts.isNamespaceImport(node.importClause.namedBindings)) {
      namespaceImports.set(node.importClause.namedBindings.name.text, node.moduleSpecifier.text);
    }
  }
  for (const node of source.statements) {
    if (!ts.isExportDeclaration(node)) continue;
    const target = node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : undefined;
    if (node.exportClause && ts.isNamedExports(node.exportClause)) {
      for (const element of node.exportClause.elements) {
        if (element.name.text !== name) continue;
        const local = (element.propertyName ?? element.name).text;
        if (target) return relative(file, target) ? (definingFile(relative(file, target), local, seen) ?? relative(file, target)) : OUTSIDE;
        if (namespaceImports.has(local)) return relative(file, namespaceImports.get(local));
        return file;
      }
    } else if (!node.exportClause && target && relative(file, target)) {
      const found = definingFile(relative(file, target), name, seen);
      if (found) return found;
    }
  }
  return undefined;
}

/** `file` and every Chakra module it imports or re-exports, relatively, transitively. */
function moduleClosure(file, closure = new Set()) {
  if (closure.has(file)) return closure;
  closure.add(file);
  for (const node of parse(file).statements) {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const target = relative(file, node.moduleSpecifier.text);
      if (target) moduleClosure(target, closure);
    }
  }
  return closure;
}

/** `createRecipeContext({ key: "button" })`, `useSlotRecipe({ key: "avatar" })`, … */
const RECIPE_USE = /\b(createRecipeContext|createSlotRecipeContext|useRecipe|useSlotRecipe)\(\s*\{\s*key:\s*"(\w+)"/g;

/**
 * The recipes that Chakra's components `names` (exports of `@chakra-ui/react`) and `subpaths`
 * (`@chakra-ui/react/menu`, …) use, found in Chakra's own modules.
 * @param {Iterable<string>} names
 * @param {Iterable<string>} subpaths
 * @returns {{ recipes: string[], slotRecipes: string[], unknown: string[] }} unknown: names not found in Chakra
 */
export function chakraRecipesOf(names, subpaths = []) {
  const esm = chakraEsmDir();
  const files = new Set();
  const unknown = [];
  for (const name of names) {
    const file = definingFile(path.join(esm, 'index.js'), name);
    if (file === undefined) unknown.push(name);
    else if (file !== OUTSIDE) moduleClosure(file, files);
  }
  for (const subpath of subpaths) moduleClosure(path.join(esm, 'components', subpath.slice(CHAKRA.length + 1), 'index.js'), files);
  const recipes = new Set();
  const slotRecipes = new Set();
  for (const file of files) {
    for (const [, call, key] of fs.readFileSync(file, 'utf8').matchAll(RECIPE_USE)) (call.includes('Slot') ? slotRecipes : recipes).add(key);
  }
  return { recipes: [...recipes].sort(), slotRecipes: [...slotRecipes].sort(), unknown: unknown.sort() };
}

/**
 * The recipes every container's Chakra components need: the names the sources under `dirs` import from
 * `@chakra-ui/react` and its component sub-paths (the theme sub-path is data, not components).
 * @param {readonly string[]} dirs
 */
export function chakraRecipesUsed(dirs) {
  const names = collectImportedNames(dirs, [CHAKRA]).get(CHAKRA);
  if (names.has('*')) throw new Error(`a source imports ${CHAKRA} whole; the recipes it needs cannot be known`);
  const subpaths = collectSubpathImports(dirs, CHAKRA).filter((subpath) => !DATA_SUBPATHS.includes(subpath));
  return chakraRecipesOf(names, subpaths);
}

/** Sub-paths of Chakra that are plain data (theme objects): no component, no system context. */
export const DATA_SUBPATHS = [`${CHAKRA}/theme`];
