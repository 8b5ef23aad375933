// The home page loads no zod (the shell's weight: zod classic loads whole as soon as any schema does;
// docs/decisions/0005-first-page-weight.md). Forms bring zod with their own pages (lazily loaded chunks); the home
// page's code must not.
// A static check of the import graph, the way webpack builds it, without building:
// - roots: what the signed-in home page loads (the shell's bootstrap chunk, the sdk, which is a federation
//   singleton shared whole, and mfe-venues' page map and home page); a dynamic import() starts a chunk of its
//   own and is not followed;
// - a module of a package without `"sideEffects": false` is included whole once imported, with everything it
//   imports and re-exports;
// - from a package with `"sideEffects": false` (@venuebook/domain) only the modules that declare an imported
//   name are included (re-exports and barrels are looked through), as webpack's sideEffects optimisation does;
// - an installed package counts as zod when it is zod or depends on it (e.g. @hookform/resolvers).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { REPO_ROOT } from '@venuebook/local';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const HOME_ROOTS = ['shell/src/bootstrap.tsx', 'shell/sdk/src/index.ts', 'mfe-venues/src/routes.ts', 'mfe-venues/src/home/home-page.tsx'];

const COMPILER_OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.Preserve,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  jsx: ts.JsxEmit.ReactJSX,
};

interface ModuleInfo {
  /** Value imports and re-exports: [specifier, imported names ('*' = the whole namespace, '' = none)]. */
  imports: { specifier: string; names: string[] }[];
  /** Names this module declares itself (exported local bindings), by exported name. */
  local: Set<string>;
  /** `export { a as b } from 'x'`: b → [x, a]; `export { a as b }` of an imported binding likewise. */
  reexports: Map<string, { specifier: string; name: string }>;
  /** `export * from 'x'`. */
  starExports: string[];
}

const infoCache = new Map<string, ModuleInfo>();

function moduleInfo(file: string): ModuleInfo {
  const cached = infoCache.get(file);
  if (cached) return cached;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const info: ModuleInfo = { imports: [], local: new Set(), reexports: new Map(), starExports: [] };
  const importedBindings = new Map<string, { specifier: string; name: string }>();
  const hasExport = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const hasDefault = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
      const clause = statement.importClause;
      if (!clause) {
        info.imports.push({ specifier, names: [''] });
        continue;
      }
      if (clause.isTypeOnly) continue;
      const names: string[] = [];
      if (clause.name) {
        names.push('default');
        importedBindings.set(clause.name.text, { specifier, name: 'default' });
      }
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          if (element.isTypeOnly) continue;
          const name = (element.propertyName ?? element.name).text;
          names.push(name);
          importedBindings.set(element.name.text, { specifier, name });
        }
      }
      // `import { type A } from 'x'` alone is erased (verbatimModuleSyntax keeps the statement, but a bundler drops it).
      if (names.length > 0) info.imports.push({ specifier, names });
    } else if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly) continue;
      const specifier = statement.moduleSpecifier ? (statement.moduleSpecifier as ts.StringLiteral).text : undefined;
      const clause = statement.exportClause;
      if (!clause) {
        if (specifier) info.starExports.push(specifier);
        continue;
      }
      if (ts.isNamespaceExport(clause)) {
        if (specifier) {
          info.imports.push({ specifier, names: ['*'] });
          info.reexports.set(clause.name.text, { specifier, name: '*' });
        }
        continue;
      }
      const names: string[] = [];
      for (const element of clause.elements) {
        if (element.isTypeOnly) continue;
        const original = (element.propertyName ?? element.name).text;
        if (specifier) {
          names.push(original);
          info.reexports.set(element.name.text, { specifier, name: original });
        } else {
          const imported = importedBindings.get(original);
          if (imported) info.reexports.set(element.name.text, imported);
          else info.local.add(element.name.text);
        }
      }
      if (specifier && names.length > 0) info.imports.push({ specifier, names });
    } else if (ts.isExportAssignment(statement)) {
      info.local.add('default');
    } else if (hasExport(statement)) {
      if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) continue;
      if (hasDefault(statement)) info.local.add('default');
      else if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name)) info.local.add(declaration.name.text);
        }
      } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) && statement.name) {
        info.local.add(statement.name.text);
      }
    }
  }
  // Imports found by export-of-an-imported-binding (`import { a } from 'x'; export { a }`) are in `imports` already.
  infoCache.set(file, info);
  return info;
}

function resolve(specifier: string, from: string): string | undefined {
  const resolved = ts.resolveModuleName(specifier, from, COMPILER_OPTIONS, ts.sys).resolvedModule;
  return resolved ? resolved.resolvedFileName : undefined;
}

/** The installed package a resolved file belongs to ('@scope/name' or 'name'), or undefined for our own code. */
function installedPackage(file: string): string | undefined {
  const at = file.lastIndexOf('/node_modules/');
  if (at < 0) return undefined;
  const parts = file.slice(at + '/node_modules/'.length).split('/');
  const name = parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  // The declarations of an untyped package (`react` → `@types/react`, `@scope/x` → `@types/scope__x`).
  return name.startsWith('@types/') ? name.slice('@types/'.length).replace(/^(.+)__/, '@$1/') : name;
}

/** Whether an installed package is zod or depends on it. */
function bringsZod(name: string, file: string): boolean {
  if (name === 'zod' || name.startsWith('@zod/')) return true;
  const manifest = join(file.slice(0, file.lastIndexOf('/node_modules/') + '/node_modules/'.length), name, 'package.json');
  if (!existsSync(manifest)) return false;
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { dependencies?: Record<string, string>; peerDependencies?: Record<string, string> };
  return Boolean(pkg.dependencies?.zod ?? pkg.peerDependencies?.zod);
}

const sideEffectFreeCache = new Map<string, boolean>();

/** Whether our own file's package declares `"sideEffects": false`. */
function sideEffectFree(file: string): boolean {
  let dir = dirname(file);
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  const cached = sideEffectFreeCache.get(dir);
  if (cached !== undefined) return cached;
  const value = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { sideEffects?: unknown }).sideEffects === false;
  sideEffectFreeCache.set(dir, value);
  return value;
}

/** The home page's import graph: our modules included, and every installed package reached with the path to it. */
function homeGraph(): { modules: Map<string, string[]>; packages: Map<string, { via: string[]; file: string; importers: Set<string> }> } {
  const modules = new Map<string, string[]>();
  const packages = new Map<string, { via: string[]; file: string; importers: Set<string> }>();
  const usedNames = new Set<string>();
  const rel = (file: string) => relative(REPO_ROOT, file);

  const includeWhole = (file: string, via: string[]) => {
    if (modules.has(file)) return;
    const path = [...via, rel(file)];
    modules.set(file, path);
    const info = moduleInfo(file);
    const targets = [...info.imports, ...info.starExports.map((specifier) => ({ specifier, names: ['*'] }))];
    for (const { specifier, names } of targets) reach(specifier, file, names, path);
  };

  const reach = (specifier: string, from: string, names: string[], via: string[]) => {
    const target = resolve(specifier, from);
    if (!target) throw new Error(`${rel(from)}: cannot resolve '${specifier}'`);
    const pkg = installedPackage(target);
    if (pkg) {
      if (!packages.has(pkg)) packages.set(pkg, { via: [...via, pkg], file: target, importers: new Set() });
      packages.get(pkg)!.importers.add(rel(from));
      return;
    }
    if (!sideEffectFree(target)) return includeWhole(target, via);
    for (const name of names) provide(target, name, via);
  };

  /** Includes the module(s) that provide `name` of a side-effect-free module (all of them for '*' or ''). */
  const provide = (file: string, name: string, via: string[]) => {
    const key = `${file}\0${name}`;
    if (usedNames.has(key)) return;
    usedNames.add(key);
    const info = moduleInfo(file);
    if (name === '*' || name === '') {
      if (name === '*') includeWhole(file, via);
      return;
    }
    if (info.local.has(name)) return includeWhole(file, via);
    const reexport = info.reexports.get(name);
    if (reexport) return reach(reexport.specifier, file, [reexport.name], [...via, `${rel(file)} (re-exports ${name})`]);
    for (const specifier of info.starExports) {
      const target = resolve(specifier, file);
      if (target && !installedPackage(target) && provides(target, name)) return reach(specifier, file, [name], via);
    }
    throw new Error(`${rel(file)} exports no value '${name}'`);
  };

  const provides = (file: string, name: string, seen = new Set<string>()): boolean => {
    if (seen.has(file)) return false;
    seen.add(file);
    const info = moduleInfo(file);
    if (info.local.has(name) || info.reexports.has(name)) return true;
    return info.starExports.some((specifier) => {
      const target = resolve(specifier, file);
      return target !== undefined && !installedPackage(target) && provides(target, name, seen);
    });
  };

  for (const root of HOME_ROOTS) includeWhole(join(REPO_ROOT, root), []);
  return { modules, packages };
}

describe('the home page', () => {
  const graph = homeGraph();

  it('imports no zod (forms load it with their own pages)', () => {
    const zod = [...graph.packages].filter(([name, { file }]) => bringsZod(name, file));
    // Each: the first path found to it, and every home module that imports it.
    expect(zod.map(([, { via, importers }]) => `${via.join(' → ')} (imported by ${[...importers].sort().join(', ')})`)).toEqual([]);
  });

  it('reaches what it renders (the check sees the graph)', () => {
    const files = [...graph.modules.keys()].map((file) => relative(REPO_ROOT, file));
    expect(files).toContain('shell/sdk/src/api/api-client.ts');
    expect(files).toContain('proto/domain/src/venues/leagues.ts');
    expect([...graph.packages.keys()]).toEqual(expect.arrayContaining(['react', '@chakra-ui/react', '@tanstack/react-query']));
  });
});
