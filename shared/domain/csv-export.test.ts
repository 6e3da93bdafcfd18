import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv-export.js';

describe('csvCell', () => {
  it.each(['=SUM(A1:A2)', '+1', '-2+3', '@cmd', '\tx', '\rx'])('escapes %j so a spreadsheet shows it as text', (v) => {
    expect(csvCell(v).replace(/^"/, '')).toMatch(/^'/);
  });

  it('leaves numbers alone, negative ones included', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(0)).toBe('0');
  });

  it('quotes commas, quotes and newlines after escaping', () => {
    expect(csvCell('Smith, Jo')).toBe('"Smith, Jo"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
  });

  it('keeps ordinary text and empties', () => {
    expect(csvCell('Jo Smith')).toBe('Jo Smith');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });
});

describe('toCsv', () => {
  it('joins cells with commas and lines with CRLF', () => {
    expect(toCsv([['Day', 'Sales'], ['2026-01-01', 12.5], ['=evil', -1]])).toBe("Day,Sales\r\n2026-01-01,12.5\r\n'=evil,-1\r\n");
  });
});
