import { describe, expect, it } from 'vitest';
import { contactInputSchema, editDistance, isMainContactNameChanged, sortContactsByLastWord, venueEventInputSchema, venueInputSchema } from '../index.ts';

describe('main-contact name change (spec §5)', () => {
  it('computes edit distance', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });
  it('allows 1 edit up to length 5', () => {
    expect(isMainContactNameChanged('Ann', 'Anne')).toBe(false);
    expect(isMainContactNameChanged('Ann', 'Anna B')).toBe(true);
  });
  it('allows 2 edits up to length 10 and 3 above', () => {
    expect(isMainContactNameChanged('Jon Smith', 'John Smyth')).toBe(false);
    expect(isMainContactNameChanged('Jon Smith', 'Jan Smyte')).toBe(true);
    expect(isMainContactNameChanged('Katherine Johnson', 'Catherine Jonson')).toBe(false);
    expect(isMainContactNameChanged('Katherine Johnson', 'Maria Gonzalez')).toBe(true);
  });
  it('ignores case, punctuation and spacing', () => {
    expect(isMainContactNameChanged("Mary O'Neil", '  mary   oneil ')).toBe(false);
  });
  it('treats filled-from-empty as changed, emptied or identical as unchanged', () => {
    expect(isMainContactNameChanged('', 'Bob')).toBe(true);
    expect(isMainContactNameChanged(null, 'Bob')).toBe(true);
    expect(isMainContactNameChanged('Bob', '')).toBe(false);
    expect(isMainContactNameChanged('Bob', 'Bob')).toBe(false);
  });
});

describe('contacts', () => {
  it('sorts by the last word of the name', () => {
    const sorted = sortContactsByLastWord([{ name: 'Zed Adams' }, { name: 'Amy Zimmer' }, { name: 'Bo Brown' }]);
    expect(sorted.map((c) => c.name)).toEqual(['Zed Adams', 'Bo Brown', 'Amy Zimmer']);
  });
  it('validates the contact form', () => {
    expect(contactInputSchema.parse({ name: ' Ann ', email: '', phone: ' ' })).toEqual({ name: 'Ann' });
    const noName = contactInputSchema.safeParse({ name: ' ' });
    expect(noName.error?.issues[0]?.message).toBe('Name is required');
    const badEmail = contactInputSchema.safeParse({ name: 'Ann', email: 'x@' });
    expect(badEmail.success).toBe(false);
    expect(badEmail.error?.issues.map((i) => i.path.join('.'))).toEqual(['email']);
  });
  it('states in its patterns what it accepts (blank names, e-mails with white space, phone digits)', () => {
    expect(contactInputSchema.safeParse({ name: '\u00a0\t' }).error?.issues.map((i) => i.message)).toEqual(['Name is required']);
    expect(contactInputSchema.safeParse({}).error?.issues.map((i) => i.message)).toEqual(['Name is required']);
    expect(contactInputSchema.parse({ name: 'Ann', email: ' ann@example.com ', phone: '+1 (555) 123-4567' })).toMatchObject({
      email: 'ann@example.com',
      phone: '+1 (555) 123-4567',
    });
    expect(contactInputSchema.safeParse({ name: 'Ann', email: 'Invalid email' }).error?.issues.map((i) => i.message)).toEqual(['Invalid email']);
    expect(contactInputSchema.safeParse({ name: 'Ann', phone: '1234567890123456' }).error?.issues.map((i) => i.message)).toEqual([
      'Phone number can have at most 15 digits',
    ]);
    // Parsing a parsed contact again gives the same contact (the service validates what the gateway parsed).
    const parsed = contactInputSchema.parse({ name: ' Ann ', title: ' GM ', tag: 'Audio' });
    expect(contactInputSchema.parse(parsed)).toEqual(parsed);
  });
});

describe('name length messages', () => {
  it('says a name is too long rather than missing (contact, venue and event names)', () => {
    const long = 'x'.repeat(201);
    expect(contactInputSchema.safeParse({ name: long }).error?.issues.map((issue) => issue.message)).toEqual(['Name must be at most 200 characters']);
    expect(contactInputSchema.safeParse({ name: ' ' }).error?.issues.map((issue) => issue.message)).toEqual(['Name is required']);
    expect(venueInputSchema.safeParse({ name: long }).error?.issues.map((issue) => issue.message)).toContain('Venue name must be at most 200 characters');
    expect(venueEventInputSchema.safeParse({ name: long }).error?.issues.map((issue) => issue.message)).toContain('Event name must be at most 200 characters');
  });
});
