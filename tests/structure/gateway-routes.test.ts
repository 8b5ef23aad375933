// The gateway's routes are laid out by domain: `gateway/src/routes/api/v1/(<service>)/` holds the routes of one
// service of the registry (the folder in parentheses adds nothing to the URLs), and they call that service's client
// only. A route put in another domain's folder, or a folder named after no service, fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from '@venuebook/local';
import { filesUnder } from './repo-files.ts';
import { SERVICE_NAMES } from '@venuebook/contracts/services';
import { describe, expect, it } from 'vitest';

const V1 = join(REPO_ROOT, 'gateway', 'src', 'routes', 'api', 'v1');

/** A folder's route files (not its tests). */
const routeFiles = (dir: string): string[] => filesUnder(dir).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));

const groups = readdirSync(V1, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name.startsWith('('))
  .map((entry) => entry.name.slice(1, -1));

describe("the gateway's routes by domain", () => {
  it('has a folder for every service of the registry, and only for those', () => {
    expect([...groups].sort()).toEqual([...SERVICE_NAMES].sort());
  });

  it.each(groups)('(%s) calls only its own service', (group) => {
    const files = routeFiles(join(V1, `(${group})`));
    expect(files.length).toBeGreaterThan(0);
    const calls = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bfastify\.(\w+)\.\w+\(/g)]
        .map((match) => match[1]!)
        .filter((client) => (SERVICE_NAMES as readonly string[]).includes(client))
        .map((client) => ({ client, file: relative(V1, file) })),
    );
    expect(calls.filter(({ client }) => client === group).length, `(${group}) calls its service`).toBeGreaterThan(0);
    expect(calls.filter(({ client }) => client !== group).map(({ client, file }) => `${file} calls fastify.${client}`)).toEqual([]);
  });
});
