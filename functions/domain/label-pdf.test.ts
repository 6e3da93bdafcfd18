import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { inLabelFormat, LABEL_SIZE, LETTER_MARGIN, LETTER_SIZE, labelsOnLetter, labelsPdf, trackingBars } from './label-pdf.js';

const address = { name: 'Dana Demo', address1: '500 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' };
const label = (trackingNumber: string) => ({ from: address, to: { ...address, name: 'Grace Hopper' }, serviceName: 'Priority Mail', weightOz: 20, trackingNumber, date: '2026-11-23' });
const modules = (bars: number[]) => bars.reduce((sum, w) => sum + w, 0);

/** The drawing operators of a page, its content streams inflated. */
function pageContent(pdf: PDFDocument, index: number): string {
  const contents = pdf.getPage(index).node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => pdf.context.lookup(r as PDFRef)) : [contents];
  return streams
    .filter((s): s is PDFRawStream => s instanceof PDFRawStream)
    .map((s) => Buffer.from(decodePDFRawStream(s).decode()).toString('latin1'))
    .join('\n');
}

describe('label PDF', () => {
  it('encodes the tracking number as Code 128: bars that differ by number and grow with its length', () => {
    const a = trackingBars('9400111899223344556677');
    const b = trackingBars('9400111899223344556688');
    expect(a).not.toEqual(b);
    // Start (11 modules), set C's two digits a symbol (11 each), check symbol (11), stop (13).
    expect(modules(a)).toBe(11 + 11 * 11 + 11 + 13);
    expect(modules(trackingBars('94001118992233445566778899001122')) - modules(a)).toBe(5 * 11);
    // Bars and spaces alternate, starting and ending with a bar.
    expect(a.length % 2).toBe(1);
  });

  it('puts each label on its own 4x6 inch page with its barcode drawn as bars, no image', async () => {
    const numbers = ['9400111899223344556677', '1Z9999999999999999'];
    const pdf = await PDFDocument.load(await labelsPdf(numbers.map(label)));
    expect(pdf.getPageCount()).toBe(2);
    for (const [i, page] of pdf.getPages().entries()) {
      expect(page.getSize()).toEqual(LABEL_SIZE);
      expect(page.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict)?.values() ?? []).toHaveLength(0);
      const bars = [...pageContent(pdf, i).matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re/g)].map((m) => m.slice(1).map(Number) as [number, number, number, number]);
      const widths = trackingBars(numbers[i]!);
      expect(bars).toHaveLength((widths.length + 1) / 2);
      // Every bar on the page, left to right, as wide as its modules.
      const module = (bars[0]![2] as number) / (widths[0] as number);
      for (const [j, [x, , w]] of bars.entries()) {
        expect(w).toBeCloseTo((widths[2 * j] as number) * module, 3);
        expect(x).toBeGreaterThanOrEqual(10);
        expect(x + w).toBeLessThanOrEqual(LABEL_SIZE.width - 10);
      }
    }
  });

  it('letter paper: each 4x6 label drawn at the top left of its own 8.5x11 in page', async () => {
    const fourBySix = await labelsPdf([label('9400111899223344556677'), label('9400111899223344556688')]);
    const pdf = await PDFDocument.load(await labelsOnLetter(fourBySix));
    expect(pdf.getPageCount()).toBe(2);
    for (const [i, page] of pdf.getPages().entries()) {
      expect(page.getSize()).toEqual(LETTER_SIZE);
      // The label is one form XObject, placed by the page's content: a 4x6 box from the top left corner.
      const forms = page.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
      expect(forms?.keys()).toHaveLength(1);
      expect(pageContent(pdf, i)).toContain(`1 0 0 1 ${LETTER_MARGIN} ${LETTER_SIZE.height - LETTER_MARGIN - LABEL_SIZE.height} cm`);
    }
  });

  it('4x6: the stored label unchanged', async () => {
    const fourBySix = await labelsPdf([label('9400111899223344556677')]);
    expect(await inLabelFormat(fourBySix, '4x6')).toBe(fourBySix);
    expect((await PDFDocument.load(await inLabelFormat(fourBySix, 'letter'))).getPage(0).getSize()).toEqual(LETTER_SIZE);
  });
});
