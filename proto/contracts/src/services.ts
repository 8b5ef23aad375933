// The one list of gRPC domain services. Everything that needs to know the services reads it: the
// gateway (its client settings, typed clients, readiness checks), the local launcher (which processes
// to start and how the gateway finds them) and the integration tests' gateway. Adding a service = one
// entry here plus its `services/<name>/` package (see ARCHITECTURE.md, 'Adding a domain service').
import type { DescService } from '@bufbuild/protobuf';
import { CardsService } from '@venuebook/contracts/cards/v1';
import { DriveService } from '@venuebook/contracts/drive/v1';
import { IdentityService } from '@venuebook/contracts/identity/v1';
import { MediaService } from '@venuebook/contracts/media/v1';
import { NotifierService } from '@venuebook/contracts/notifier/v1';
import { VenuesService } from '@venuebook/contracts/venues/v1';

export interface ServiceRegistration {
  /** The generated service descriptor of its contract (`proto/contracts/venuebook/<name>/v1/<name>.proto`). */
  readonly service: DescService;
  /** The gateway's variable holding the service's host:port. */
  readonly urlEnv: string;
  /** The address the gateway uses when that variable is unset. */
  readonly defaultAddress: string;
  /**
   * A worker's service: while it is down only its own features are missing (its admin pages, the Drive state on
   * documents), so the gateway stays ready ('degraded') and keeps serving everything else.
   */
  readonly optional?: true;
}

export const SERVICES = {
  identity: { service: IdentityService, urlEnv: 'IDENTITY_GRPC_URL', defaultAddress: '127.0.0.1:50052' },
  venues: { service: VenuesService, urlEnv: 'VENUES_GRPC_URL', defaultAddress: '127.0.0.1:50051' },
  // After venues: the cards service checks venues through it (the launcher gives each service the addresses of those started before it).
  cards: { service: CardsService, urlEnv: 'CARDS_GRPC_URL', defaultAddress: '127.0.0.1:50053' },
  // After venues and cards: the media service checks venues and the cards a photo is tagged with through them.
  media: { service: MediaService, urlEnv: 'MEDIA_GRPC_URL', defaultAddress: '127.0.0.1:50054' },
  // The first-login webhook worker and its admin API; it asks identity for the first logins to deliver.
  notifier: { service: NotifierService, urlEnv: 'NOTIFIER_GRPC_URL', defaultAddress: '127.0.0.1:50055', optional: true },
  // The Google Drive sync worker and its admin API; after venues and media, whose documents it copies.
  drive: { service: DriveService, urlEnv: 'DRIVE_GRPC_URL', defaultAddress: '127.0.0.1:50056', optional: true },
} as const satisfies Record<string, ServiceRegistration>;

export type ServiceName = keyof typeof SERVICES;
/** The generated descriptor of service `N`. */
export type ServiceDescriptor<N extends ServiceName> = (typeof SERVICES)[N]['service'];
/** The gateway variable of service `N`, e.g. 'VENUES_GRPC_URL'. */
export type ServiceUrlEnv<N extends ServiceName = ServiceName> = (typeof SERVICES)[N]['urlEnv'];

/** Every service, in start-up order. */
export const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];

/** The entry point of a service's process, relative to the repository root. */
export function serviceEntry(name: ServiceName): string {
  return `services/${name}/src/main.ts`;
}

/** The gateway's environment that points it at running services: { VENUES_GRPC_URL: host:port, ... }. */
export function serviceUrlEnv(addresses: Readonly<Record<ServiceName, string>>): Record<ServiceUrlEnv, string> {
  return Object.fromEntries(SERVICE_NAMES.map((name) => [SERVICES[name].urlEnv, addresses[name]])) as Record<ServiceUrlEnv, string>;
}
