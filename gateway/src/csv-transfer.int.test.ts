// CSV export and import through the gateway on the real services: the export is the filtered list
// (order, filter, no contact details for viewers), the import's preview (per-row errors with the §5 messages,
// duplicates in the file and against existing venues) writes nothing, commit creates exactly the valid rows, a
// re-run (and an export re-imported) creates nothing, and the role matrix.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { can, ROLES } from '@venuebook/domain';
import type { ImportResult, Role } from '@venuebook/domain';
import { parseCsv } from './lib/csv.ts';
import { gatewayFixture } from './testing/gateway-fixture.ts';

const gateway = gatewayFixture(ROLES);
const { headers } = gateway;

const token = () => `c${randomUUID().slice(0, 7)}`;

async function createVenue(payload: Record<string, unknown>): Promise<{ id: string; name: string }> {
  const response = await gateway.app.inject({ method: 'POST', url: '/api/v1/venues', payload, headers: headers.editor });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function exportCsv(url: string, role: Role = 'editor') {
  const response = await gateway.app.inject({ method: 'GET', url, headers: headers[role] });
  expect(response.statusCode, response.body).toBe(200);
  return { response, ...parseCsv(response.body) };
}

async function importCsv(kind: 'venues' | 'contacts', csv: string, query = '', role: Role = 'editor') {
  return gateway.app.inject({
    method: 'POST',
    url: `/api/v1/imports/${kind}${query}`,
    payload: csv,
    headers: { ...headers[role], 'content-type': 'text/csv' },
  });
}

async function imported(kind: 'venues' | 'contacts', csv: string, query = ''): Promise<ImportResult> {
  const response = await importCsv(kind, csv, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportResult>();
}

async function listNames(q: string): Promise<string[]> {
  const response = await gateway.app.inject({ method: 'GET', url: `/api/v1/venues?q=${q}&sort=name&pageSize=200`, headers: headers.editor });
  return response.json<{ items: { name: string }[] }>().items.map((venue) => venue.name);
}

describe('CSV export', () => {
  it('exports the filtered home list in its order with every field, as an attachment, injection-safe', async () => {
    const t = token();
    await createVenue({
      name: `${t} Bravo Hall`,
      leagues: ['OTE', 'OT Select'],
      address: '1 Main St\nSpringfield, IL 62701',
      contactName: 'Ann Lee',
      contactPhone: '+1 (555) 123-4567',
      website: 'bravo.example.com',
      links: [{ displayText: 'Map', url: 'maps.example.com' }],
    });
    await createVenue({ name: `${t} Alpha Arena`, leagues: ['OT7'], generalNotes: '=cmd|calc' });
    await createVenue({ name: `${t} Charlie, "The" Club`, leagues: ['OTE'] });

    const { response, headers: header, records } = await exportCsv(`/api/v1/venues/export.csv?q=${t}&sort=name`);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="venues-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(header).toEqual([
      'Venue Name',
      'Country',
      'Address',
      'Display City As',
      'Deliveries Address',
      'Delivery Notes',
      'Website',
      'Main Contact Name',
      'Main Contact Title',
      'Main Contact Phone',
      'Main Contact Email',
      'Venue Types',
      'Leagues',
      'General Venue Notes',
      'Links',
      'Created At',
      'Updated At',
      'Venue Id',
    ]);
    expect(records.map((record) => record[0])).toEqual(await listNames(t));
    const bravo = Object.fromEntries(header.map((name, index) => [name, records[1]![index]]));
    expect(bravo).toMatchObject({
      Address: '1 Main St\nSpringfield, IL 62701',
      'Main Contact Name': 'Ann Lee',
      'Main Contact Phone': '+1 (555) 123-4567',
      Leagues: 'OTE; OT Select',
      Website: 'https://bravo.example.com',
      Links: 'Map | https://maps.example.com',
    });
    // The formula is written after an apostrophe (parseCsv, as the import, takes it off).
    expect(response.body).toContain(`'=cmd|calc`);
    expect(response.body).toContain(`"'+1 (555) 123-4567"`.slice(1, -1));

    const ote = await exportCsv(`/api/v1/venues/export.csv?q=${t}&leagues=OTE&sort=name`);
    expect(ote.records.map((record) => record[0])).toEqual([`${t} Bravo Hall`, `${t} Charlie, "The" Club`]);
    const newest = await exportCsv(`/api/v1/venues/export.csv?q=${t}`);
    expect(newest.records.map((record) => record[0])).toEqual([`${t} Charlie, "The" Club`, `${t} Alpha Arena`, `${t} Bravo Hall`]);
  });

  it('gives viewers no contact details (venues and contacts)', async () => {
    const t = token();
    await createVenue({ name: `${t} Viewer Hall`, contactName: 'Secret Person', contactEmail: 'secret@example.com' });
    const venues = await exportCsv(`/api/v1/venues/export.csv?q=${t}`, 'viewer');
    expect(venues.headers).not.toContain('Main Contact Name');
    expect(venues.headers.slice(0, 2)).toEqual(['Venue Name', 'Country']);
    expect(venues.records).toHaveLength(1);
    expect(venues.records[0]![0]).toBe(`${t} Viewer Hall`);
    expect(venues.response.body).not.toContain('Secret');
    const contacts = await exportCsv(`/api/v1/contacts/export.csv?q=${t}`, 'viewer');
    expect(contacts.headers).toEqual(['Venue', 'Tag', 'Main Contact', 'Created At', 'Venue Id', 'Contact Id']);
    expect(contacts.records).toHaveLength(1);
    expect(contacts.response.body).not.toContain('secret');
  });

  it('exports the contacts list (search, last-word order) with venue names', async () => {
    const t = token();
    const venue = await createVenue({ name: `${t} Contact Hall`, contactName: 'Zed Adams' });
    for (const name of ['Amy Young', 'Bob Brown']) {
      const added = await gateway.app.inject({
        method: 'POST',
        url: `/api/v1/venues/${venue.id}/contacts`,
        payload: { name, phone: '+44 20 7946 0958', tag: 'Audio' },
        headers: headers.editor,
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    const { headers: header, records } = await exportCsv(`/api/v1/contacts/export.csv?q=${t}`);
    expect(header).toEqual(['Venue', 'Name', 'Title', 'Phone', 'Email', 'Tag', 'Main Contact', 'Created At', 'Venue Id', 'Contact Id']);
    expect(records.map((record) => [record[0], record[1], record[3], record[6]])).toEqual([
      [venue.name, 'Zed Adams', '', 'Yes'],
      [venue.name, 'Bob Brown', '+44 20 7946 0958', 'No'],
      [venue.name, 'Amy Young', '+44 20 7946 0958', 'No'],
    ]);
  });
});

describe('CSV import', () => {
  it('previews per-row errors and duplicates (in the file and existing) without writing, then commits exactly the valid rows once', async () => {
    const t = token();
    await createVenue({ name: `${t} Existing Arena`, leagues: ['OTE'] });
    const csv = [
      '\uFEFFvenue name,COUNTRY,leagues,Website,Main Contact Email,Address',
      `${t} Fresh Hall,,OTE,fresh.example.com,,`,
      `${t} Existing Arena,,OTE,,,`,
      `${t} Existng Arena,,OTE,,,`,
      ',,OTE,,,',
      `${t} Bad Mail,,OTS,,not-an-email,`,
      `${t} Fresh Hall,,OTE,,,`,
      `"${t} Quoted, Place",,"OT7; Studio",,,"1 Road\r\nTown"`,
      `${t} Bad League,,Premier,,,`,
    ].join('\r\n');

    const preview = await imported('venues', csv);
    expect(preview.mode).toBe('preview');
    const byRow = (result: ImportResult, row: number) => result.rows.find((r) => r.row === row)!;
    expect(byRow(preview, 1)).toMatchObject({ action: 'create', errors: [], values: { 'venue name': `${t} Fresh Hall`, leagues: 'OTE' } });
    expect(byRow(preview, 2)).toMatchObject({ action: 'skip', reason: 'exact_duplicate' });
    expect(byRow(preview, 2).matches[0]).toMatchObject({ name: `${t} Existing Arena`, similarity: 1, row: 0 });
    expect(byRow(preview, 3)).toMatchObject({ action: 'confirm', reason: 'similar' });
    expect(byRow(preview, 3).matches[0]).toMatchObject({ name: `${t} Existing Arena`, reason: 'Very similar name' });
    expect(byRow(preview, 4)).toMatchObject({ action: 'skip', reason: 'error', errors: [{ field: 'name', message: 'Venue name is required' }] });
    expect(byRow(preview, 5)).toMatchObject({ action: 'skip', reason: 'error', errors: [{ field: 'contactEmail', message: 'Invalid email' }] });
    expect(byRow(preview, 6)).toMatchObject({
      action: 'skip',
      reason: 'exact_duplicate',
      matches: [expect.objectContaining({ id: '', row: 1, name: `${t} Fresh Hall` })],
    });
    expect(byRow(preview, 7)).toMatchObject({ action: 'create', values: expect.objectContaining({ Address: '1 Road\r\nTown' }) });
    expect(byRow(preview, 8)).toMatchObject({ action: 'skip', reason: 'error', errors: [expect.objectContaining({ field: 'leagues.0' })] });
    expect(preview.summary).toEqual({ create: 2, confirm: 1, skip: 5, created: 0, skipped: 0 });
    expect(await listNames(t)).toEqual([`${t} Existing Arena`]);

    // Commit: the two clean rows and the confirmed similar one.
    const commit = await imported('venues', csv, '?mode=commit&confirm=3');
    expect(commit.summary).toMatchObject({ created: 3, skipped: 5 });
    expect(byRow(commit, 1).recordId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await listNames(t)).toEqual([`${t} Existing Arena`, `${t} Existng Arena`, `${t} Fresh Hall`, `${t} Quoted, Place`]);
    const fresh = await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${byRow(commit, 1).recordId}`, headers: headers.editor });
    expect(fresh.json()).toMatchObject({ website: 'https://fresh.example.com', leagues: ['OTE'], country: 'United States' });

    // A re-run creates nothing: every row is already imported (or a duplicate, or an error).
    const again = await imported('venues', csv, '?mode=commit&confirm=3');
    expect(again.summary).toMatchObject({ created: 0, skipped: 8 });
    expect(byRow(again, 1).reason).toBe('already_imported');
    const previewAgain = await imported('venues', csv);
    expect(previewAgain.summary.create + previewAgain.summary.confirm).toBe(0);
    expect(await listNames(t)).toHaveLength(4);
  });

  it('a double click (two commits at once) creates each row once', async () => {
    const t = token();
    const csv = `Venue Name,Leagues\n${t} Riverside Amphitheatre,OTX\n${t} Grand Ballroom Hotel,OTX\n`;
    const [a, b] = await Promise.all([imported('venues', csv, '?mode=commit'), imported('venues', csv, '?mode=commit')]);
    expect(a.summary.created + b.summary.created).toBe(2);
    expect(await listNames(t)).toEqual([`${t} Grand Ballroom Hotel`, `${t} Riverside Amphitheatre`]);
  });

  it('an exported file imported again adds nothing (venues and contacts)', async () => {
    const t = token();
    const venue = await createVenue({
      name: `${t} Round Trip`,
      contactName: 'Pat Round',
      contactPhone: '+1 (555) 000-1111',
      leagues: ['OTE'],
      generalNotes: '-dash note',
    });
    await gateway.app.inject({
      method: 'POST',
      url: `/api/v1/venues/${venue.id}/contacts`,
      payload: { name: 'Lee Other', tag: 'Audio' },
      headers: headers.editor,
    });
    const venues = await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/export.csv?q=${t}`, headers: headers.editor });
    const venuePreview = await imported('venues', venues.body);
    expect(venuePreview.rows).toEqual([
      expect.objectContaining({
        action: 'skip',
        reason: 'exact_duplicate',
        values: expect.objectContaining({ 'General Venue Notes': '-dash note', 'Main Contact Phone': '+1 (555) 000-1111' }),
      }),
    ]);
    const contacts = await gateway.app.inject({ method: 'GET', url: `/api/v1/contacts/export.csv?q=${t}`, headers: headers.editor });
    const contactCommit = await imported('contacts', contacts.body, '?mode=commit');
    expect(contactCommit.summary).toMatchObject({ created: 0, skipped: 2 });
    expect(contactCommit.rows.map((row) => row.reason)).toEqual(['exact_duplicate', 'exact_duplicate']);
    expect((await imported('venues', venues.body, '?mode=commit')).summary).toMatchObject({ created: 0, skipped: 1 });
  });

  it('imports contacts: venue by name or id, errors, same-name contacts, then idempotent commit', async () => {
    const t = token();
    const venue = await createVenue({ name: `${t} Contact Import Hall`, contactName: 'Main Person' });
    const csv = [
      'Venue,Name,Email,Tag,Phone',
      `${t} contact import hall,New Person,new@example.com,Audio,`,
      `${t} Nowhere,Lost Person,,,`,
      `${venue.id},Main Person,,,`,
      `${t} Contact Import Hall,,bad,,`,
      `${t} Contact Import Hall,New Person,,,`,
      `${venue.id},Second Person,,,+1 555 222 3333`,
    ].join('\n');
    const preview = await imported('contacts', csv);
    expect(preview.rows.map((row) => [row.row, row.action, row.reason])).toEqual([
      [1, 'create', ''],
      [2, 'skip', 'venue_not_found'],
      [3, 'skip', 'exact_duplicate'],
      [4, 'skip', 'error'],
      [5, 'skip', 'exact_duplicate'],
      [6, 'create', ''],
    ]);
    expect(preview.rows[0]).toMatchObject({ venueId: venue.id, venueName: venue.name });
    expect(preview.rows[1]!.errors).toEqual([{ field: 'venue', message: `Venue not found: ${t} Nowhere` }]);
    expect(preview.rows[3]!.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Name is required' },
        { field: 'email', message: 'Invalid email' },
      ]),
    );
    const contactsOf = async () =>
      (await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${venue.id}/contacts`, headers: headers.editor })).json<{
        items: { name: string; isCurrentMainContact: boolean }[];
      }>().items;
    expect(await contactsOf()).toHaveLength(1);
    const commit = await imported('contacts', csv, '?mode=commit');
    expect(commit.summary).toMatchObject({ created: 2, skipped: 4 });
    const names = (await contactsOf()).map((contact) => [contact.name, contact.isCurrentMainContact]);
    expect(names).toEqual(
      expect.arrayContaining([
        ['Main Person', true],
        ['New Person', false],
        ['Second Person', false],
      ]),
    );
    expect(names).toHaveLength(3);
    expect((await imported('contacts', csv, '?mode=commit')).summary).toMatchObject({ created: 0 });
    expect(await contactsOf()).toHaveLength(3);
  });

  it('answers 400 for an unreadable CSV or one without the name column, 413 beyond the size limit, and caps commit rows', async () => {
    const quote = await importCsv('venues', 'Venue Name\n"unclosed\n');
    expect(quote.statusCode).toBe(400);
    expect(quote.json().error.details[0].field).toBe('body');
    const noName = await importCsv('venues', 'Country\nFrance\n');
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.details).toEqual([{ field: 'body', message: 'The CSV has no Venue Name column' }]);
    const big = await importCsv('venues', `Venue Name\n${'x'.repeat(11 * 1024 * 1024)}\n`);
    expect(big.statusCode).toBe(413);
    const many = await importCsv('venues', `Venue Name\n${Array.from({ length: 501 }, (_, i) => `Row ${i}`).join('\n')}\n`, '?mode=commit');
    expect(many.statusCode).toBe(400);
    expect(many.json().error.details[0].message).toMatch(/At most 500 rows per commit request/);
  });

  it('role matrix: everyone exports, only roles with create rights import', async () => {
    const t = token();
    for (const role of ROLES) {
      const venues = await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/export.csv?q=${t}`, headers: headers[role] });
      expect(venues.statusCode, role).toBe(200);
      const contacts = await gateway.app.inject({ method: 'GET', url: `/api/v1/contacts/export.csv?q=${t}`, headers: headers[role] });
      expect(contacts.statusCode, role).toBe(200);
      const venueImport = await importCsv('venues', `Venue Name\n${t} ${role}\n`, '', role);
      expect(venueImport.statusCode, role).toBe(can(role, 'venue.create') ? 200 : 403);
      const contactImport = await importCsv('contacts', `Venue,Name\n${t} x,Someone\n`, '', role);
      expect(contactImport.statusCode, role).toBe(can(role, 'contact.create') ? 200 : 403);
    }
    expect((await gateway.app.inject({ method: 'GET', url: '/api/v1/venues/export.csv' })).statusCode).toBe(401);
    expect(
      (await gateway.app.inject({ method: 'POST', url: '/api/v1/imports/venues', payload: 'Venue Name\nx\n', headers: { 'content-type': 'text/csv' } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('CSV import bounds (security review)', () => {
  it('refuses a wide file before reading it when the caller may not import, and at 100 columns otherwise', async () => {
    const header = Array.from({ length: 100_000 }, (_, i) => `c${i}`).join(',');
    const wide = `Venue Name,${header}\n${Array.from({ length: 200 }, (_, i) => `Wide ${i},${','.repeat(20)}`).join('\n')}\n`;
    const started = performance.now();
    const denied = await importCsv('venues', wide, '', 'viewer');
    expect(denied.statusCode).toBe(403);
    // Decided before the query is validated and the body read (a bad query from a caller without the right is a 403, not a 400).
    expect((await importCsv('venues', wide, '?mode=nonsense&offset=-1', 'viewer')).statusCode).toBe(403);
    const refused = await importCsv('venues', wide);
    const ms = performance.now() - started;
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details[0].field).toBe('body');
    console.log(`wide CSV (${Math.round(wide.length / 1024)} KiB, 100,001 columns): 403 and 400 in ${Math.round(ms)} ms`);
    const columns = await importCsv('venues', `Venue Name${',x'.repeat(100)}\nA${','.repeat(100)}\n`);
    expect(columns.statusCode).toBe(400);
    expect(columns.json().error.details).toEqual([{ field: 'body', message: 'Too many columns on line 1: at most 100' }]);
    const contacts = await importCsv('contacts', `Venue,Name,${header}\n`, '', 'viewer');
    expect(contacts.statusCode).toBe(can('viewer', 'contact.create') ? 400 : 403);
  });

  it('stops reading at the row limit or at a record beyond 110,000 characters, and keeps only the columns it reads', async () => {
    const t = token();
    const many = await importCsv('venues', `Venue Name\n${Array.from({ length: 2_001 }, (_, i) => `${t} ${i}`).join('\n')}\n`);
    expect(many.statusCode).toBe(400);
    expect(many.json().error.details[0].message).toBe('At most 2000 rows per preview request; this file has more');
    const long = await importCsv('venues', `Venue Name,General Venue Notes\n${t},${'n'.repeat(120_000)}\n`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.details[0].field).toBe('body');
    const preview = await imported('venues', `Venue Name,Unknown,Country,venue_name\n${t} Only,x,France,${t} Second\n`);
    expect(preview.rows[0]!.values).toEqual({ 'Venue Name': `${t} Only`, Country: 'France' });
  });

  it('finds an in-file duplicate contact across chunks (earlier rows sent as venue and name only) and bounds the Venue cell', async () => {
    const t = token();
    await createVenue({ name: `${t} Chunk Hall` });
    const lines = Array.from(
      { length: 600 },
      (_, i) => `${t} Chunk Hall,Person ${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))},,${'T'.repeat(90)}`,
    );
    lines[549] = `${t} Chunk Hall,Person BA,,`; // the same person as row 2 (index 1: 'Person BA')
    lines[10] = `${'v'.repeat(201)},Someone,,`;
    const preview = await imported('contacts', `Venue,Name,Email,Title\n${lines.join('\n')}\n`);
    const row550 = preview.rows.find((row) => row.row === 550)!;
    expect(row550).toMatchObject({ action: 'skip', reason: 'exact_duplicate' });
    expect(row550.matches).toEqual([expect.objectContaining({ row: 2 })]);
    expect(preview.rows.find((row) => row.row === 11)).toMatchObject({
      action: 'skip',
      reason: 'error',
      errors: [{ field: 'venue', message: 'Venue must be at most 200 characters' }],
    });
  });

  it('answers 400 for row numbers beyond the bound (firstRow, confirm)', async () => {
    const csv = 'Venue Name\nx\n';
    expect((await importCsv('venues', csv, '?firstRow=2147483648')).statusCode).toBe(400);
    expect((await importCsv('venues', csv, '?mode=commit&confirm=99999999999')).statusCode).toBe(400);
  });
});
