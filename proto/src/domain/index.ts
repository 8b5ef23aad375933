// @venuebook/proto/domain — isomorphic (browser + Node) domain vocabulary: enumerations of
// spec §3, limits of §9, permission table of §6 and the venue HTTP contract (zod 4).
// Values and rules live in modules free of zod, the schemas in their own (`*.schema.ts`, admin-settings,
// audit-log, contact-rules, paging): the package is `"sideEffects": false`, so a browser page that imports
// only values from here loads no zod (tests/structure/home-page-zod.test.ts).
export * from './roles.ts';
export * from './enums.schema.ts';
export * from './leagues.ts';
export * from './venue-types.ts';
export * from './departments.ts';
export * from './documents.ts';
export * from './contacts.ts';
export * from './sync.ts';
export * from './limits.ts';
export * from './paging.ts';
export * from './input-patterns.ts';
export * from './permissions.ts';
export * from './venue-display.ts';
export * from './venue.schema.ts';
export * from './venue-duplicates.schema.ts';
export * from './venue-links.schema.ts';
export * from './deleted-venues.schema.ts';
export * from './venue-event.schema.ts';
export * from './field-values.schema.ts';
export * from './field-notes.schema.ts';
export * from './data-card.schema.ts';
export * from './card-rules.ts';
export * from './presence.schema.ts';
export * from './media.schema.ts';
export * from './api-errors.ts';
export * from './api-errors.schema.ts';
export * from './format.ts';
export * from './contact-rules.ts';
export * from './contact.schema.ts';
export * from './csv-transfer.schema.ts';
export * from './auth.ts';
export * from './auth.schema.ts';
export * from './remotes.ts';
export * from './audit-log.ts';
export * from './admin-settings.ts';
