// How many replicas `npm start` runs of each service: <NAME>_REPLICAS (VENUES_REPLICAS, IDENTITY_REPLICAS,
// ...), named after the registry (`@venuebook/contracts/services`). Each replica is its own process on its own
// port with its own log; the gateway gets every replica's address in <NAME>_GRPC_URL and balances over them.
import { SERVICE_NAMES } from '@venuebook/contracts/services';
import type { ServiceName } from '@venuebook/contracts/services';

export const MAX_REPLICAS = 8;

/** The setting of service `name`: 'VENUES_REPLICAS' for venues. */
export function replicasEnv(name: ServiceName): string {
  return `${name.toUpperCase()}_REPLICAS`;
}

/** Replicas per service from the operator's settings (default 1); throws one error naming every bad setting. */
export function serviceReplicas(env: Readonly<Record<string, string | undefined>>): Record<ServiceName, number> {
  const problems: string[] = [];
  const counts = Object.fromEntries(
    SERVICE_NAMES.map((name) => {
      const variable = replicasEnv(name);
      const raw = env[variable]?.trim();
      if (!raw) return [name, 1];
      const count = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
      if (!(count >= 1 && count <= MAX_REPLICAS)) problems.push(`${variable} must be a whole number from 1 to ${MAX_REPLICAS}, got '${env[variable]}'`);
      return [name, count];
    }),
  ) as Record<ServiceName, number>;
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return counts;
}
