import { STREAMS, SUBJECTS } from '@venuebook/contracts/events';
import { consumeDurable } from '@venuebook/service-kit';
import type { Logger, NatsConnection, RunningDurableConsumer } from '@venuebook/service-kit';
import type { FirstLoginDelivery } from '../use-cases/first-login-delivery.ts';

/**
 * Identity's first-login events, read by a durable consumer shared by the replicas: each wakes the worker for the
 * delivery. Only a wake-up: a lost event is found by the worker's sweep.
 */
export function startFirstLoginConsumer(
  nc: NatsConnection,
  options: {
    durable: string;
    logger: Logger;
    delivery: Pick<FirstLoginDelivery, 'jobOf'>;
    enqueue(id: string, payload: ReturnType<FirstLoginDelivery['jobOf']>['payload']): Promise<unknown>;
  },
): Promise<RunningDurableConsumer> {
  return consumeDurable(
    nc,
    { stream: STREAMS.identity, durable: options.durable, filterSubject: SUBJECTS.userFirstLogin, logger: options.logger },
    async (event) => {
      const job = options.delivery.jobOf({ userId: event.data.userId, email: event.data.email, at: event.data.at });
      await options.enqueue(job.id, job.payload);
    },
  );
}
