import { describe, expect, it } from 'vitest';
import type { CcliReportRow } from '@segue/shared';
import { ccliReportCsv } from './ccli-csv.ts';

/** The CSV line of one song titled `title`, without the report around it. */
function titleCell(title: string): string {
  const row: CcliReportRow = {
    songId: 's1',
    title,
    artist: 'Band',
    ccli: '123',
    uses: 1,
    lastUsed: '2030-05-05',
  };
  const csv = ccliReportCsv({
    licence: null,
    from: '2030-05-01',
    to: '2030-05-31',
    rows: [row],
    setlists: 1,
  });
  const line = csv.split('\r\n')[1]!;
  expect(line.endsWith(',Band,123,1,2030-05-05')).toBe(true);
  return line.slice(0, -',Band,123,1,2030-05-05'.length);
}

/** The cells a spreadsheet that splits on `separator` (and honours quotes) reads from a line. */
function cellsSplitOn(line: string, separator: string): string[] {
  const cells: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        current += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else current += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      cells.push(current);
      current = '';
    } else current += c;
  }
  cells.push(current);
  return cells;
}

const runsAsFormula = (cell: string) => /^[=+\-@\t\r]/.test(cell);

describe('the CCLI report CSV', () => {
  it.each([
    [';=1+1', `"';=1+1"`],
    ['Amen;=1+1', `"'Amen;=1+1"`],
    ['a,=1', `"'a,=1"`],
    ['a, =1', `"'a, =1"`],
    ['-2', `"'-2"`],
    ['@SUM(1)', `"'@SUM(1)"`],
    ['+1 Song', `"'+1 Song"`],
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['\tTab start', `"'\tTab start"`],
    ['\rCR start', `"'\rCR start"`],
    ['a;\t=1', `"'a;\t=1"`],
    ['a\n=1', `"'a\n=1"`],
  ])('neutralises %j as a formula in any reading', (title, written) => {
    const cell = titleCell(title);
    expect(cell).toBe(written);
    for (const separator of [',', ';']) {
      const cells = cellsSplitOn(`${cell},Band`, separator);
      expect(cells.filter(runsAsFormula), `split on ${separator}`).toEqual([]);
    }
  });

  it.each([
    ['Amazing Grace', 'Amazing Grace'],
    ['How Great Thou Art - Live', 'How Great Thou Art - Live'],
    ['Email me@home', 'Email me@home'],
    ['1+1=2', '1+1=2'],
    ['Say "Amen", Church', '"Say ""Amen"", Church"'],
    ['Amen; Amen', '"Amen; Amen"'],
  ])('writes %j as text without a quote mark', (title, written) => {
    expect(titleCell(title)).toBe(written);
  });
});
