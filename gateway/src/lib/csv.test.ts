import { describe, expect, it } from 'vitest';
import { CsvFormatError, csvWriter, importedCsvCell, parseCsv, readCsv, safeCsvCell } from './csv.ts';

async function written(headers: string[], rows: string[][]): Promise<string> {
  const writer = csvWriter(headers);
  const chunks: string[] = [];
  writer.on('data', (chunk: Buffer | string) => chunks.push(chunk.toString()));
  const done = new Promise((resolve) => writer.on('end', resolve));
  for (const row of rows) writer.write(row);
  writer.end();
  await done;
  return chunks.join('');
}

describe('CSV (csv-parse / csv-stringify)', () => {
  it('reads quotes, commas and newlines inside quoted fields', () => {
    const { headers, records } = parseCsv('Venue Name,Address\n"The ""Big"" Arena","1 Main St,\nSpringfield"\n');
    expect(headers).toEqual(['Venue Name', 'Address']);
    expect(records).toEqual([['The "Big" Arena', '1 Main St,\nSpringfield']]);
  });

  it('drops a byte-order mark and reads CRLF rows', () => {
    const { headers, records } = parseCsv('\uFEFFVenue Name,Country\r\nA,France\r\nB,Spain\r\n');
    expect(headers).toEqual(['Venue Name', 'Country']);
    expect(records).toEqual([
      ['A', 'France'],
      ['B', 'Spain'],
    ]);
  });

  it('skips blank lines and pads short rows', () => {
    const { records } = parseCsv('a,b,c\n1,2\n\n,,\n3,4,5\n');
    expect(records).toEqual([
      ['1', '2'],
      ['3', '4', '5'],
    ]);
  });

  it('reports an unclosed quote', () => {
    expect(() => parseCsv('a,b\n"x,y\n')).toThrow(/quote/i);
  });

  it('prefixes cells that a spreadsheet would run as formulas, and import takes the prefix off', () => {
    for (const cell of ['=SUM(A1)', '+1 (555) 123-4567', '-2', '@cmd', '\tx']) {
      expect(safeCsvCell(cell)).toBe(`'${cell}`);
      expect(importedCsvCell(safeCsvCell(cell))).toBe(cell);
    }
    expect(safeCsvCell('Arena')).toBe('Arena');
    expect(importedCsvCell("'quoted")).toBe("'quoted");
  });

  it('also prefixes full-width formula characters and formulas after leading whitespace; a value that looks escaped round-trips', () => {
    for (const cell of ['＝1+1', '＋1', '－2', '＠cmd', ' =SUM(A1)', '\n=cmd', '  @x', '\r\n+1', "'=already"]) {
      expect(safeCsvCell(cell), JSON.stringify(cell)).toBe(`'${cell}`);
      expect(importedCsvCell(safeCsvCell(cell))).toBe(cell);
    }
    for (const cell of ['Arena', ' Arena', "'quoted", "O'Brien", 'a=b']) {
      expect(safeCsvCell(cell), JSON.stringify(cell)).toBe(cell);
      expect(importedCsvCell(cell)).toBe(cell);
    }
  });

  it('writes a BOM, CRLF rows, quoted fields and injection-safe cells; reading it back gives the values', async () => {
    const text = await written(['Venue Name', 'Notes'], [['=HYPERLINK("x")', 'line 1\nline, 2 "q"']]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain('\r\n');
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(parseCsv(text).records).toEqual([['=HYPERLINK("x")', 'line 1\nline, 2 "q"']]);
  });
});

describe('readCsv (a row window of a large file)', () => {
  const limits = { maxRows: 5, maxColumns: 3, maxRecordSize: 1000 };

  it('keeps only what select makes of each row, with its index and the cells as import reads them, and counts the rest', () => {
    const text = '\uFEFF Name ,Notes\r\na,"\'=1+1"\r\n\r\nb,"two\nlines"\r\nc,x\r\n';
    const reading = readCsv(text, limits, (headers) => {
      expect(headers).toEqual(['Name', 'Notes']);
      return (cell, index) => (index === 1 ? undefined : `${index}:${cell(0)}:${cell(1)}:${cell(5)}`);
    });
    expect(reading).toEqual({ headers: ['Name', 'Notes'], kept: ['0:a:=1+1:', '2:c:x:'], rows: 3 });
  });

  it('stops after maxRows + 1 rows, and refuses a wide record or an unclosed quote', () => {
    const many = `Name\n${Array.from({ length: 100 }, (_, i) => `r${i}`).join('\n')}\n`;
    expect(readCsv(many, limits, () => () => 1).rows).toBe(6);
    expect(() => readCsv('a,b,c,d\n', limits, () => () => 1)).toThrow(CsvFormatError);
    expect(() => readCsv('a\n"x\n', limits, () => () => 1)).toThrow(CsvFormatError);
    expect(readCsv('', limits, () => () => 1)).toEqual({ headers: [], kept: [], rows: 0 });
  });
});
