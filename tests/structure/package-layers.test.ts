// The layers of the server side, read from the files themselves (lint's arrows cover imports as they are written;
// this also catches a package resolved by name through a workspace link, and files run by path): services (their
// tests included) never reach into deploy/ or tests/, the gateway never into tests/, and deploy/ never into tests/
// (the stand-ins it runs live in deploy/stand-ins).
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { REPO_ROOT } from '@venuebook/local';
import { filesUnder, packageNameOf, workspaces } from './repo-files.ts';
import { describe, expect, it } from 'vitest';

const SOURCE = /\.(?:ts|tsx|mts|cts|js|mjs)$/;
const sourceFiles = (dir: string): string[] => filesUnder(dir).filter((file) => SOURCE.test(file));

/** Our workspace packages by name → their folder (relative to the repository). */
const WORKSPACES = new Map(workspaces().map((folder) => [packageNameOf(folder), folder] as const));

/** Where each import of `file` lands, as a folder of the repository ('' when outside it: npm packages, node:). */
function targets(file: string): { specifier: string; target: string }[] {
  const code = readFileSync(file, 'utf8');
  const specifiers = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g)].map((match) => match[1]!);
  // Files run by path: join(…, 'tests', …) or a literal 'tests/…' path.
  const runByPath = [...code.matchAll(/['"]((?:\.\.\/)*tests\/[\w./-]+)['"]/g)].map((match) => match[1]!);
  return [...specifiers, ...runByPath].map((specifier) => {
    if (specifier.startsWith('.')) return { specifier, target: relative(REPO_ROOT, resolve(dirname(file), specifier)) };
    if (specifier.startsWith('tests/')) return { specifier, target: specifier };
    const scoped = specifier.match(/^(@venuebook\/[^/]+)/)?.[1];
    return { specifier, target: (scoped && WORKSPACES.get(scoped)) ?? '' };
  });
}

/** Files under `from` whose imports land under any of `forbidden`. */
function crossings(from: string, forbidden: readonly string[]): string[] {
  return sourceFiles(join(REPO_ROOT, from)).flatMap((file) =>
    targets(file)
      .filter(({ target }) => forbidden.some((folder) => target === folder || target.startsWith(`${folder}/`)))
      .map(({ specifier }) => `${relative(REPO_ROOT, file)} → ${specifier}`),
  );
}

describe('package layers: no arrow back up', () => {
  it('knows the workspaces it checks', () => {
    expect(WORKSPACES.get('@venuebook/local')).toBe('deploy/local');
    expect(WORKSPACES.get('@venuebook/stand-ins')).toBe('deploy/stand-ins');
    expect(WORKSPACES.get('@venuebook/tests')).toBe('tests');
  });

  it('finds a crossing when there is one', () => {
    // The structure tests themselves import the launcher: the check sees it.
    expect(crossings('tests/structure', ['deploy'])).toContain('tests/structure/package-layers.test.ts → @venuebook/local');
  });

  it('keeps services, their tests included, out of deploy/ and tests/', () => {
    expect(crossings('services', ['deploy', 'tests'])).toEqual([]);
  });

  it('keeps the gateway out of tests/', () => {
    expect(crossings('gateway', ['tests'])).toEqual([]);
  });

  it('keeps deploy/ out of tests/', () => {
    expect(crossings('deploy', ['tests'])).toEqual([]);
  });
});
