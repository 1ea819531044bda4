// The CSV writer (decision 0094): what Excel needs to open the file as it is meant.
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './reports.csv';

describe('CSV files for Excel', () => {
  it('starts with the UTF-8 byte-order mark and ends every line with CRLF', () => {
    const bytes = Buffer.from(
      toCsv([
        ['วันที่', 'ยอด'],
        ['2025-06-01', 1.5],
      ]),
      'utf8',
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('วันที่,ยอด\r\n2025-06-01,1.5\r\n');
  });

  it('quotes by RFC 4180: commas, quotes and line breaks inside a cell', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('line\nfeed')).toBe('"line\nfeed"');
    expect(csvCell('plain ไทย')).toBe('plain ไทย');
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('TRUE');
  });

  it('defuses text that Excel would run as a formula, and keeps numbers numbers', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(-250.5)).toBe('-250.5');
    expect(csvCell(0)).toBe('0');
    expect(() => csvCell(Number.NaN)).toThrow(RangeError);
  });
});
