// The identity read models follow the identity stream the same way: an event names the record to read again,
// unless this instance published it itself (its `origin`): it applied that change when it wrote it.
import { parseEnvelope, STREAMS } from '@venuebook/contracts/events';
import type { ParsedEventPayload, SubjectName } from '@venuebook/contracts/events';
import type { NatsConnection, ReadModelEvents } from '@venuebook/service-kit';

/** The subjects whose payload says which instance published it (`origin`). */
type OriginSubject = { [S in SubjectName]: ParsedEventPayload<S> extends { origin: string } ? S : never }[SubjectName];

/**
 * A read model's `events` option (none without `nc`): the `subject` events of the identity stream other
 * instances published, each naming the record `recordIdOf` its payload.
 */
export function othersEvents<S extends OriginSubject>(
  options: { nc?: NatsConnection; instanceId: string },
  subject: S,
  recordIdOf: (data: ParsedEventPayload<S>) => string,
): { events?: ReadModelEvents } {
  const nc = options.nc;
  if (!nc) return {};
  return {
    events: {
      nc,
      stream: STREAMS.identity.name,
      recordIdOf: (eventSubject, payload) => {
        if (eventSubject !== subject) return null;
        const { data } = parseEnvelope(subject, payload);
        return (data as { origin: string }).origin === options.instanceId ? null : recordIdOf(data);
      },
    },
  };
}
