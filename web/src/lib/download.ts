import { toCsv } from '../../../shared/domain/csv-export';

/** Saves rows as a CSV file through the browser's own download (the cells escaped against formulas). */
export function downloadCsv(filename: string, rows: readonly (readonly (string | number | null | undefined)[])[]): void {
  const url = URL.createObjectURL(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // The click has handed the file over; the URL is freed after the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
