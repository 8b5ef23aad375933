// The README's layout table against the repository: every package (a workspace of the root package.json) and every
// top-level folder is in the table, and everything the table names exists. A package added, moved or removed
// without the map fails here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@venuebook/local';
import { workspaces } from './repo-files.ts';
import { describe, expect, it } from 'vitest';

/** The paths in the first column of the README's '## Layout' table, without their trailing slash. */
export function layoutPaths(readme: string): string[] {
  const start = readme.indexOf('\n## Layout\n');
  if (start < 0) throw new Error("the README has no '## Layout' section");
  const section = readme.slice(start + 1, readme.indexOf('\n## ', start + 1));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([^`]+)`/g)].map((match) => match[1]!.replace(/\/$/, '')));
}

/** The repository's top-level folders that are its own (not tools' caches, build output or dot-folders). */
function topLevelFolders(): string[] {
  const ignored = new Set(['node_modules', 'artifacts', 'coverage']);
  return readdirSync(REPO_ROOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !ignored.has(entry.name))
    .map((entry) => entry.name);
}

describe("the README's layout table", () => {
  const listed = layoutPaths(readFileSync(join(REPO_ROOT, 'README.md'), 'utf8'));

  it('names every package and every top-level folder', () => {
    const covered = (path: string) => listed.some((entry) => entry === path || path.startsWith(`${entry}/`));
    // A package is covered by its own row; a folder holding packages (services/, deploy/) by the rows of each.
    expect(workspaces().filter((path) => !listed.includes(path))).toEqual([]);
    expect(topLevelFolders().filter((folder) => !covered(folder) && !listed.some((entry) => entry.startsWith(`${folder}/`)))).toEqual([]);
  });

  it('names only what exists', () => {
    expect(listed.length).toBeGreaterThan(10);
    expect(listed.filter((path) => !existsSync(join(REPO_ROOT, path)))).toEqual([]);
  });

  it('reads the first column of the table only', () => {
    const readme = '# X\n\n## Layout\n\n| path | what |\n|---|---|\n| `a/`, `b/` | see `c/` |\n| `d` | x |\n\n## Next\n\n| `e/` | y |\n';
    expect(layoutPaths(readme)).toEqual(['a', 'b', 'd']);
  });
});
