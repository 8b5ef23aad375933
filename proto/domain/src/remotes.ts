// The one list of federated remotes (micro-frontends). Everything that needs to know the remotes reads
// it: the webpack federation factory (container names, dev ports), the shell (remote entry URLs, the
// route table's owners), the gateway (static hosting under /remotes/<name>/) and the type check of the
// browser code. Adding a remote = one line here plus its `mfe-<name>/` package (see ARCHITECTURE.md).

export const REMOTES = {
  venues: { container: 'mfe_venues', devPort: 3001 },
  cards: { container: 'mfe_cards', devPort: 3002 },
  media: { container: 'mfe_media', devPort: 3003 },
  admin: { container: 'mfe_admin', devPort: 3004 },
} as const;

/** Path segment of a remote: `/remotes/<name>/` on the gateway, `mfe-<name>/` in the repository. */
export type RemoteName = keyof typeof REMOTES;
/** Federation container name of a remote, e.g. `mfe_venues`. */
export type RemoteContainer = (typeof REMOTES)[RemoteName]['container'];

export const REMOTE_NAMES = Object.keys(REMOTES) as RemoteName[];
export const REMOTE_CONTAINERS: readonly RemoteContainer[] = REMOTE_NAMES.map((name) => REMOTES[name].container);

/** The shell's own container name. */
export const SHELL_CONTAINER = 'shell';
/** Dev-server port of the shell (`npm run dev -w @venuebook/shell`). */
export const SHELL_DEV_PORT = 3000;

/** The remote whose container is `container`. */
export function remoteNameOf(container: RemoteContainer): RemoteName {
  const name = REMOTE_NAMES.find((candidate) => REMOTES[candidate].container === container);
  if (!name) throw new Error(`Unknown remote container: ${String(container)}`);
  return name;
}

/** Where the gateway serves a remote's files. */
export function remoteBasePath(name: RemoteName): string {
  return `/remotes/${name}/`;
}

/** The remote's entry file, relative to the page origin. */
export function remoteEntryPath(name: RemoteName): string {
  return `${remoteBasePath(name)}remoteEntry.js`;
}

/** The remote's package folder in the repository (its build output is `<folder>/dist`). */
export function remotePackageDir(name: RemoteName): string {
  return `mfe-${name}`;
}
