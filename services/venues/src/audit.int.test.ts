// Venues writes the audit log through the kit's recorder: every mutation publishes one audit event on the
// audit stream, which identity stores (services/identity/src/audit-log.int.test.ts covers the storing).
import { randomBytes, randomUUID } from 'node:crypto';
import { testInfra } from '@venuebook/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_ID_HEADER, parseEnvelope, STREAMS, SUBJECTS } from '@venuebook/proto/events';
import type { EventEnvelope, ParsedEventPayload } from '@venuebook/proto/events';
import { createClient } from '@venuebook/proto/grpc';
import type { Client } from '@venuebook/proto/grpc';
import { VenuesService } from '@venuebook/proto/venues/v1';
import { AckPolicy, connectMongo, connectNats, createLogger, DeliverPolicy, loadConfig, userContextSigner } from '@venuebook/service-kit';
import type { NatsConnection, RunningServiceHandle } from '@venuebook/service-kit';
import { configSchema } from './config.ts';
import { start } from './main.ts';

const infra = testInfra();
const dbName = `venuebook_test_venues_audit_${randomUUID().slice(0, 8)}`;
const userContextKey = randomBytes(32).toString('base64url');
const EDITOR = { userId: randomUUID(), email: 'editor@example.com', role: 'editor', requestId: 'venues-audit-int' };

let service: RunningServiceHandle;
let client: Client<typeof VenuesService>;
let nc: NatsConnection;

beforeAll(async () => {
  const config = loadConfig(configSchema, {
    MONGODB_URI: infra.mongoUri,
    MONGODB_DB: dbName,
    NATS_URL: infra.natsUrl,
    GRPC_HOST: '127.0.0.1',
    GRPC_PORT: '0',
    LOG_LEVEL: 'warn',
    USER_CONTEXT_KEY: userContextKey,
  });
  service = await start(config, { logger: createLogger('venues-audit-test', { level: 'warn' }) });
  client = createClient(VenuesService, `127.0.0.1:${service.port}`, { deadlineMs: 10_000, metadata: userContextSigner(EDITOR, userContextKey) });
  nc = await connectNats(infra.natsUrl);
});

afterAll(async () => {
  client?.close();
  await service?.stop();
  const connection = await connectMongo(infra.mongoUri, dbName);
  await connection.dropDatabase();
  await connection.close();
  await nc?.drain();
});

type AuditEnvelope = EventEnvelope<ParsedEventPayload<typeof SUBJECTS.auditRecorded>>;

/** Audit events about `recordId` published since `since` (a throw-away consumer of the audit stream). */
async function auditEventsOf(recordId: string, since: Date): Promise<{ envelope: AuditEnvelope; msgId: string | undefined }[]> {
  const jsm = await nc.jetstreamManager();
  const name = `test_${randomUUID().slice(0, 8)}`;
  await jsm.consumers.add(STREAMS.audit.name, {
    name,
    filter_subject: SUBJECTS.auditRecorded,
    deliver_policy: DeliverPolicy.StartTime,
    opt_start_time: since.toISOString(),
    ack_policy: AckPolicy.None,
    inactive_threshold: 30_000_000_000,
  });
  try {
    const found: { envelope: AuditEnvelope; msgId: string | undefined }[] = [];
    const messages = await (await nc.jetstream().consumers.get(STREAMS.audit.name, name)).fetch({ max_messages: 500, expires: 2000 });
    for await (const message of messages) {
      const envelope = parseEnvelope(SUBJECTS.auditRecorded, message.json());
      if (envelope.data.recordId === recordId) found.push({ envelope, msgId: message.headers?.get(MSG_ID_HEADER) });
    }
    return found;
  } finally {
    await jsm.consumers.delete(STREAMS.audit.name, name).catch(() => undefined);
  }
}

describe('venues audit log', () => {
  it('records a created venue once: who, action, table, record id and the new values', async () => {
    const since = new Date(Date.now() - 1000);
    const { venue } = await client.createVenue({ venue: { name: 'Audit Arena', leagues: ['OTE'], generalNotes: 'x'.repeat(5000) } });
    if (!venue) throw new Error('no venue');

    const found = await auditEventsOf(venue.id, since);
    expect(found).toHaveLength(1);
    const [{ envelope, msgId }] = found as [(typeof found)[number]];
    expect(msgId).toBe(envelope.id);
    expect(envelope.actor).toEqual({ userId: EDITOR.userId, email: EDITOR.email });
    expect(envelope.data).toMatchObject({ service: 'venues', action: 'create', table: 'venues', recordId: venue.id, oldValues: null });
    expect(envelope.data.newValues).toMatchObject({ name: 'Audit Arena', leagues: ['OTE'], createdBy: EDITOR.userId });
    // Long values are cut, so that a page of entries stays small.
    expect(String(envelope.data.newValues?.generalNotes)).toMatch(/^x{1000}… \(5000 characters\)$/);
  });
});
