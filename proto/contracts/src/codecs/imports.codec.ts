// Proto ↔ domain mapping of the CSV import and export (imports.proto, venues.proto), shared by the venues service
// and the gateway.
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { ImportAction, ImportRowResult } from '@venuebook/domain';
import { IMPORT_ACTIONS } from '@venuebook/domain';
import type { ImportRowResult as ProtoImportRowResult, ImportRowResultSchema } from '@venuebook/contracts/venues/v1/imports';

/** What the service decides of a row (the gateway adds the row's cells as read). */
export type ImportRowOutcome = Omit<ImportRowResult, 'values'>;

export function importRowOutcomeToProto(outcome: ImportRowOutcome): MessageInitShape<typeof ImportRowResultSchema> {
  return {
    ...outcome,
    errors: outcome.errors.map(({ field, message }) => ({ field, message })),
    matches: outcome.matches.map((match) => ({ ...match })),
  };
}

const isAction = (value: string): value is ImportAction => (IMPORT_ACTIONS as readonly string[]).includes(value);

export function importRowOutcomeFromProto(result: ProtoImportRowResult): ImportRowOutcome {
  if (!isAction(result.action)) throw new Error(`Unknown import action: ${result.action}`);
  return {
    row: result.row,
    action: result.action,
    reason: result.reason,
    errors: result.errors.map(({ field, message }) => ({ field, message })),
    matches: result.matches.map(({ id, name, reason, similarity, row }) => ({ id, name, reason, similarity, row })),
    recordId: result.recordId,
    venueId: result.venueId,
    venueName: result.venueName,
  };
}
