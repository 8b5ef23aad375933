// What the structure tests read of the repository: its files below a folder and its workspaces.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@venuebook/local';

const SKIPPED = new Set(['node_modules', 'gen', 'dist']);

/** Every file below `dir` (absolute paths), leaving out installed packages and build output. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every workspace of the root package.json, expanded (`services/*` → each folder with a package.json). */
export function workspaces(): string[] {
  const patterns = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
  return patterns.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(join(REPO_ROOT, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory() && existsSync(join(REPO_ROOT, pattern.slice(0, -2), entry.name, 'package.json')))
          .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
      : [pattern],
  );
}

/** The package name of a workspace folder. */
export const packageNameOf = (folder: string): string => (JSON.parse(readFileSync(join(REPO_ROOT, folder, 'package.json'), 'utf8')) as { name: string }).name;
