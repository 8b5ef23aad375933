// @venuebook/domain — isomorphic (browser + Node) domain vocabulary: enumerations of
// spec §3, limits of §9, permission table of §6 and the venue HTTP contract (zod 4).
// Values and rules live in modules free of zod, the schemas in their own (`*.schema.ts`, admin-settings,
// audit-log, contact-rules, paging): the package is `"sideEffects": false`, so a browser page that imports
// only values from here loads no zod (tests/structure/home-page-zod.test.ts).
export * from './identity/roles.ts';
export * from './identity/user-search.ts';
export * from './shared/enums.schema.ts';
export * from './venues/leagues.ts';
export * from './venues/venue-types.ts';
export * from './cards/departments.ts';
export * from './media/documents.ts';
export * from './contacts/contacts.ts';
export * from './media/sync.ts';
export * from './shared/limits.ts';
export * from './shared/paging.ts';
export * from './shared/input-patterns.ts';
export * from './identity/permissions.ts';
export * from './venues/venue-display.ts';
export * from './venues/venue.schema.ts';
export * from './venues/venue-duplicates.schema.ts';
export * from './venues/venue-links.schema.ts';
export * from './venues/deleted-venues.schema.ts';
export * from './venues/venue-event.schema.ts';
export * from './cards/field-values.schema.ts';
export * from './cards/field-notes.schema.ts';
export * from './cards/data-card.schema.ts';
export * from './cards/card-rules.ts';
export * from './identity/presence.schema.ts';
export * from './media/media.schema.ts';
export * from './shared/api-errors.ts';
export * from './shared/api-errors.schema.ts';
export * from './shared/format.ts';
export * from './contacts/contact-rules.ts';
export * from './contacts/contact.schema.ts';
export * from './venues/csv-transfer.schema.ts';
export * from './identity/auth.ts';
export * from './identity/auth.schema.ts';
export * from './remotes.ts';
export * from './identity/audit-log.ts';
export * from './identity/admin-settings.ts';
export * from './identity/webhook.schema.ts';
export * from './media/drive.schema.ts';
