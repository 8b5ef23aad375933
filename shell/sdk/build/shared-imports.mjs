// What the federated containers import from each shared package, read from their sources with the
// TypeScript parser. The shell provides a shared package narrowed to these names (see `narrowedShares` in
// webpack.federation.mjs), so that a shared library is tree-shaken like any other dependency.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** A source that needs the whole of a package (`import * as`, `export *`, a dynamic `import()`). */
export const WHOLE = '*';

/**
 * The value names `fileName` imports from each of `specifiers`: `import { A, B as C }` and
 * `export { A } from` give A and B; type-only imports give nothing; a namespace import, `export *`,
 * a default import or `import()` of the package give WHOLE.
 * @param {string} text source text
 * @param {string} fileName for the parser (its extension decides TSX)
 * @param {readonly string[]} specifiers package names as written in imports
 * @returns {Map<string, Set<string>>} specifier → names (a set holding WHOLE: everything)
 */
export function importedNames(text, fileName, specifiers) {
  const wanted = new Set(specifiers);
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : fileName.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  /** @type {Map<string, Set<string>>} */
  const found = new Map();
  const add = (specifier, name) => {
    if (!found.has(specifier)) found.set(specifier, new Set());
    found.get(specifier).add(name);
  };

  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const specifier = node.moduleSpecifier.text;
      if (wanted.has(specifier)) {
        if (ts.isImportDeclaration(node)) {
          const clause = node.importClause;
          // `import 'pkg'` runs the package for its effects: only the whole package guarantees them.
          if (!clause) add(specifier, WHOLE);
          else if (!clause.isTypeOnly) {
            if (clause.name) add(specifier, WHOLE);
            const bindings = clause.namedBindings;
            if (bindings && ts.isNamespaceImport(bindings)) add(specifier, WHOLE);
            else if (bindings) for (const element of bindings.elements) if (!element.isTypeOnly) add(specifier, (element.propertyName ?? element.name).text);
          }
        } else if (!node.isTypeOnly) {
          const clause = node.exportClause;
          if (!clause || ts.isNamespaceExport(clause)) add(specifier, WHOLE);
          else for (const element of clause.elements) if (!element.isTypeOnly) add(specifier, (element.propertyName ?? element.name).text);
        }
      }
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument) && wanted.has(argument.text)) add(argument.text, WHOLE);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * A container's self-contained library (`src/library/`, built by createLibraryConfig: mfe-media's embeddable media
 * library) shares nothing with the shell, so what it imports is not what the shell must provide.
 */
const SELF_CONTAINED_DIR = 'library';

/** Shipped sources of a folder: .ts/.tsx/.js/.mjs files, without tests and without a self-contained library. */
function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  const selfContained = path.join(dir, SELF_CONTAINED_DIR) + path.sep;
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(tsx?|m?js)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .filter((entry) => !(entry.parentPath + path.sep).startsWith(selfContained))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * The union of `importedNames` over every source file under `dirs`.
 * @param {readonly string[]} dirs source folders (e.g. shell/src, shell/sdk/src, mfe-venues/src)
 * @param {readonly string[]} specifiers
 * @returns {Map<string, Set<string>>} specifier → names (WHOLE when any file needs the whole package)
 */
export function collectImportedNames(dirs, specifiers) {
  /** @type {Map<string, Set<string>>} */
  const union = new Map(specifiers.map((specifier) => [specifier, new Set()]));
  for (const file of dirs.flatMap(sourceFiles)) {
    for (const [specifier, names] of importedNames(fs.readFileSync(file, 'utf8'), file, specifiers)) {
      for (const name of names) union.get(specifier).add(name);
    }
  }
  return union;
}

/**
 * The sub-path requests of `packageName` (`@chakra-ui/react/menu`, ...) that the sources under `dirs` import
 * or load with `import()`, type-only imports left out; sorted.
 * @param {readonly string[]} dirs
 * @param {string} packageName
 * @returns {string[]}
 */
export function collectSubpathImports(dirs, packageName) {
  const prefix = `${packageName}/`;
  const found = new Set();
  for (const file of dirs.flatMap(sourceFiles)) {
    const text = fs.readFileSync(file, 'utf8');
    if (!text.includes(prefix)) continue;
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
    const visit = (node) => {
      let specifier;
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        const typeOnly = ts.isImportDeclaration(node) ? node.importClause?.isTypeOnly : node.isTypeOnly;
        if (!typeOnly) specifier = node.moduleSpecifier.text;
      } else if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteralLike(node.arguments[0])
      ) {
        specifier = node.arguments[0].text;
      }
      if (specifier?.startsWith(prefix)) found.add(specifier);
      ts.forEachChild(node, visit);
    };
    visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind));
  }
  return [...found].sort();
}

/** The version in the installed package.json of `name`, looked up from each of `fromDirs` upwards. */
function installedVersion(name, fromDirs) {
  for (const fromDir of fromDirs) {
    for (let dir = fromDir; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
      const file = path.join(dir, 'node_modules', name, 'package.json');
      if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')).version;
    }
  }
  throw new Error(`${name} is not installed (looked up from ${fromDirs.join(', ')})`);
}

/** The request a facade re-exports from; an alias resolves it to the package itself, past the share. */
export const unsharedRequest = (name) => `@venuebook/unshared/${name}`;

/**
 * Writes one facade module per package into `<packageDir>/.federation/`: `export { A, B } from '<package>'`
 * with exactly the names the containers import (under any of the package's share keys). Provided instead
 * of the package's index, a facade lets webpack drop everything no container uses (the package must be
 * `sideEffects: false` for that). A package that some file needs whole (`import * as`) is left out.
 * @param {object} options
 * @param {string} options.packageDir the providing container (the shell)
 * @param {readonly string[]} options.sourceDirs every container's sources
 * @param {ReadonlyArray<readonly [string, readonly string[]]>} options.packages [package, its share keys]
 * @returns {{ shared: Record<string, { import: string, version: string }>, names: Record<string, string[]>, whole: string[] }}
 */
export function writeNarrowedShares({ packageDir, sourceDirs, packages }) {
  const imported = collectImportedNames(
    sourceDirs,
    packages.flatMap(([, keys]) => keys),
  );
  const dir = path.join(packageDir, '.federation');
  fs.mkdirSync(dir, { recursive: true });
  // Generated at build time, never committed.
  fs.writeFileSync(path.join(dir, '.gitignore'), '*\n');
  const shared = {};
  const names = {};
  const whole = [];
  for (const [name, keys] of packages) {
    const union = new Set(keys.flatMap((key) => [...imported.get(key)]));
    if (union.has(WHOLE)) {
      whole.push(name);
      continue;
    }
    names[name] = [...union].sort();
    const code = `// Generated by shell/sdk/build/shared-imports.mjs: what the federated containers import from ${name}.\nexport { ${names[name].join(', ')} } from '${unsharedRequest(name)}';\n`;
    const file = path.join(dir, `${name.replace(/^@/, '').replaceAll('/', '__')}.mjs`);
    // Rewritten only when it changes, so webpack's cache keeps the module otherwise.
    if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== code) fs.writeFileSync(file, code);
    const version = installedVersion(name, [packageDir, import.meta.dirname]);
    for (const key of keys) shared[key] = { import: file, version };
  }
  return { shared, names, whole };
}
