// The one list of services and the one list of remotes against the repository and the route table: a new
// `services/<name>/` or `mfe-<name>/` folder that is not registered fails here, and so does an enabled
// route whose page its remote does not export (until now that showed only at run time, as the fallback
// card).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@venuebook/local';
import { REMOTE_NAMES, REMOTES, remotePackageDir } from '@venuebook/domain/remotes';
import { SERVICE_NAMES, SERVICES, serviceEntry } from '@venuebook/contracts/services';
import { describe, expect, it } from 'vitest';
import { pageMapOf } from '../../shell/src/federation/remote-entries.ts';
import { enabledRoutes, ROUTE_TABLE } from '../../shell/src/routes/route-table.ts';

const folders = (dir: string): string[] =>
  readdirSync(join(REPO_ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The page map a remote exposes as `./routes` (its src/routes.ts), loaded as the federation runtime would. */
async function pagesOf(name: (typeof REMOTE_NAMES)[number]): Promise<string[]> {
  const module: unknown = await import(join(REPO_ROOT, remotePackageDir(name), 'src', 'routes.ts'));
  return Object.keys(pageMapOf(module));
}

describe('the remote registry', () => {
  it('lists every mfe-* package, and each has the federation files', () => {
    const packages = folders('.').filter((name) => name.startsWith('mfe-'));
    expect(packages.sort()).toEqual(REMOTE_NAMES.map(remotePackageDir).sort());
    for (const name of REMOTE_NAMES) {
      for (const file of ['webpack.config.mjs', 'src/routes.ts', 'src/index.ts']) {
        expect(existsSync(join(REPO_ROOT, remotePackageDir(name), file)), `${remotePackageDir(name)}/${file}`).toBe(true);
      }
    }
  });

  it('gives every remote its own container name and dev port', () => {
    const containers = REMOTE_NAMES.map((name) => REMOTES[name].container);
    const ports = REMOTE_NAMES.map((name) => REMOTES[name].devPort);
    expect(new Set(containers).size).toBe(containers.length);
    expect(new Set(ports).size).toBe(ports.length);
  });

  it("finds every enabled route's page in its remote's page map", async () => {
    const pages = Object.fromEntries(await Promise.all(REMOTE_NAMES.map(async (name) => [REMOTES[name].container, await pagesOf(name)] as const)));
    const missing = enabledRoutes()
      .filter((route) => route.owner !== 'shell' && !pages[route.owner]?.includes(route.page))
      .map((route) => `${route.path} → ${route.owner} page '${route.page}'`);
    expect(missing).toEqual([]);
  });

  it('names only registered remotes as route owners', () => {
    const owners = new Set(ROUTE_TABLE.map((route) => route.owner));
    const known = new Set<string>(['shell', ...REMOTE_NAMES.map((name) => REMOTES[name].container)]);
    expect([...owners].filter((owner) => !known.has(owner))).toEqual([]);
  });
});

describe('the service registry', () => {
  it('lists every service package (the kit is plumbing, not a service), and each has its entry point', () => {
    const packages = folders('services').filter((name) => name !== 'kit');
    expect(packages.sort()).toEqual([...SERVICE_NAMES].sort());
    for (const name of SERVICE_NAMES) expect(existsSync(join(REPO_ROOT, serviceEntry(name))), serviceEntry(name)).toBe(true);
  });

  it('gives every service its own gateway variable and default address', () => {
    const envs = SERVICE_NAMES.map((name) => SERVICES[name].urlEnv);
    const addresses = SERVICE_NAMES.map((name) => SERVICES[name].defaultAddress);
    expect(new Set(envs).size).toBe(envs.length);
    expect(new Set(addresses).size).toBe(addresses.length);
    for (const name of SERVICE_NAMES) expect(SERVICES[name].service.typeName).toBe(`venuebook.${name}.v1.${SERVICES[name].service.name}`);
  });
});
