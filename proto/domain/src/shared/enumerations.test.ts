import { describe, expect, it } from 'vitest';
import {
  ADMIN_DOCUMENT_CATEGORIES,
  ALLOWED_DOCUMENT_EXTENSIONS,
  CONTACT_BADGES,
  DEFAULT_CONTACT_TAGS,
  DEFAULT_ROLE,
  DEPARTMENTS,
  DOCUMENT_CATEGORIES,
  DUPLICATE_CHECK_DEFAULT_LEAGUES,
  LEAGUES,
  LEAGUE_VALUES,
  PHOTO_MIME_TYPES,
  ROLES,
  ROLE_DESCRIPTIONS,
  SYNC_STATUSES,
  VENUE_TYPES,
  departmentFromPathSegment,
  departmentPathSegment,
  isAllowedDocumentFile,
  leagueLabel,
  leagueSchema,
  parseLeague,
  resolveRole,
  roleSchema,
  syncStatusSchema,
  venueTypeSchema,
} from '../index.ts';

describe('spec §9 counts', () => {
  it('has 7 departments in spec order', () => {
    expect(DEPARTMENTS).toHaveLength(7);
    expect(DEPARTMENTS[0]).toBe('Production/Broadcast');
    expect(DEPARTMENTS[6]).toBe('IT');
  });
  it('has 6 leagues with distinct values, labels and colours', () => {
    expect(LEAGUES).toHaveLength(6);
    expect(LEAGUE_VALUES).toHaveLength(6);
    expect(new Set(LEAGUES.map((l) => l.color)).size).toBe(6);
    expect(new Set(LEAGUES.map((l) => l.label)).size).toBe(6);
    expect(LEAGUES.map((l) => l.value)).toEqual([...LEAGUE_VALUES]);
  });
  it('has 9 document categories and 8 on the admin page (no photos)', () => {
    expect(DOCUMENT_CATEGORIES).toHaveLength(9);
    expect(ADMIN_DOCUMENT_CATEGORIES).toHaveLength(8);
    expect(ADMIN_DOCUMENT_CATEGORIES.some((c) => c.value === 'photos')).toBe(false);
    expect(DOCUMENT_CATEGORIES.find((c) => c.value === 'general')?.label).toBe('General (Root Folder)');
    expect(DOCUMENT_CATEGORIES.find((c) => c.value === 'permits')?.label).toBe('Permits & Licenses');
  });
  it('has 11 default contact tags', () => {
    expect(DEFAULT_CONTACT_TAGS).toHaveLength(11);
    expect(DEFAULT_CONTACT_TAGS.at(-1)).toBe('Other');
    expect(Object.values(CONTACT_BADGES)).toEqual(['main contact', 'former contact']);
  });
  it('has 5 roles, viewer by default, with the spec descriptions', () => {
    expect(ROLES).toHaveLength(5);
    expect(DEFAULT_ROLE).toBe('viewer');
    expect(Object.keys(ROLE_DESCRIPTIONS).sort()).toEqual([...ROLES].sort());
    expect(ROLE_DESCRIPTIONS.surveyor).toBe('Add/edit data, upload media');
    expect(ROLE_DESCRIPTIONS.owner).toBe('Ultimate control over everything including user management');
  });
  it('has 29 distinct venue types in spec order', () => {
    expect(VENUE_TYPES).toHaveLength(29);
    expect(new Set(VENUE_TYPES).size).toBe(29);
    expect(VENUE_TYPES[0]).toBe('Amphitheater');
    expect(VENUE_TYPES[10]).toBe('Field (Other)');
    expect(VENUE_TYPES[28]).toBe('Warehouse');
  });
  it('has 3 sync statuses, 14 upload extensions and 4 photo types', () => {
    expect(SYNC_STATUSES).toEqual(['pending', 'completed', 'failed']);
    expect(ALLOWED_DOCUMENT_EXTENSIONS).toHaveLength(14);
    expect(PHOTO_MIME_TYPES).toEqual(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
  });
});

describe('league helpers', () => {
  it("shows 'OT Select' as 'OTS' and other values as themselves", () => {
    expect(leagueLabel('OT Select')).toBe('OTS');
    expect(leagueLabel('OTE')).toBe('OTE');
    expect(leagueLabel('Unknown')).toBe('Unknown');
  });
  it('parses values and labels case-insensitively', () => {
    expect(parseLeague('ots')).toBe('OT Select');
    expect(parseLeague(' OT select ')).toBe('OT Select');
    expect(parseLeague('ot7')).toBe('OT7');
    expect(parseLeague('NFL')).toBeUndefined();
    expect(parseLeague('')).toBeUndefined();
  });
  it('uses the four OT leagues for the duplicate check by default', () => {
    expect(DUPLICATE_CHECK_DEFAULT_LEAGUES).toEqual(['OTE', 'OT7', 'OTX', 'OT Select']);
  });
});

describe('schemas and guards', () => {
  it('accept known values and reject unknown ones', () => {
    expect(roleSchema.safeParse('surveyor').success).toBe(true);
    expect(roleSchema.safeParse('superuser').success).toBe(false);
    expect(leagueSchema.safeParse('OTS').success).toBe(false);
    expect(venueTypeSchema.safeParse('TV Broadcast Studio').success).toBe(true);
    expect(venueTypeSchema.safeParse('Tv Broadcast Studio').success).toBe(false);
    expect(syncStatusSchema.safeParse('running').success).toBe(false);
  });
  it('resolves a missing or unknown role to viewer', () => {
    expect(resolveRole(undefined)).toBe('viewer');
    expect(resolveRole('root')).toBe('viewer');
    expect(resolveRole('admin')).toBe('admin');
  });
  it('checks document file names by extension, case-insensitively', () => {
    expect(isAllowedDocumentFile('Contract.PDF')).toBe(true);
    expect(isAllowedDocumentFile('plan.xlsx')).toBe(true);
    expect(isAllowedDocumentFile('script.exe')).toBe(false);
    expect(isAllowedDocumentFile('pdf')).toBe(false);
    expect(isAllowedDocumentFile('.pdf')).toBe(false);
  });
  it('round-trips department names through URL path segments', () => {
    const seg = departmentPathSegment('Production/Broadcast');
    expect(seg).not.toContain('/');
    expect(departmentFromPathSegment(seg)).toBe('Production/Broadcast');
    expect(departmentFromPathSegment('Catering')).toBeUndefined();
    expect(departmentFromPathSegment('%E0%A4%A')).toBeUndefined();
  });
});
