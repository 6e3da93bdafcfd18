import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import bwipjs from 'bwip-js/node';
import fc from 'fast-check';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { bundleAsDeployed } from '../../infra/aws/bundling.js';
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

  it("gives the bars of bwip-js's own raw encoding, for every kind of tracking number", () => {
    const digits = '0123456789';
    const upper = `${digits}ABCDEFGHIJKLMNOPQRSTUVWXYZ`;
    // Every printable ASCII character (Code 128's sets A and B), lower case and punctuation among them.
    const printable = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
    const made = (alphabet: string) => fc.string({ unit: fc.constantFrom(...alphabet), minLength: 1, maxLength: 34 });
    const numbers = [
      '9400111899223344556677', // USPS
      '1Z999AA10123456784', // UPS
      '123456789012', // FedEx
      'EZ1000000001',
      '0',
      'A',
      ...fc.sample(fc.oneof(made(digits), made(upper), made(printable)), { numRuns: 600, seed: 18 }),
    ];
    for (const number of numbers) {
      const [raw] = bwipjs.raw({ bcid: 'code128', text: number });
      expect(trackingBars(number), number).toEqual(raw && 'sbs' in raw ? raw.sbs : undefined);
    }
  });

  it("is bundled with bwip-js's Code 128 encoder, not every encoder of the library", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'label-pdf-'));
    try {
      const metafile = await bundleAsDeployed(path.join(import.meta.dirname, 'label-pdf.ts'), path.join(dir, 'label-pdf.mjs'));
      const bwip = Object.values(metafile.outputs)
        .flatMap((o) => Object.entries(o.inputs))
        .filter(([file]) => file.includes('node_modules/bwip-js/'))
        .reduce((sum, [, { bytesInOutput }]) => sum + bytesInOutput, 0);
      // Every encoder: about 940 KB; Code 128 with what it draws with: about 130 KB.
      expect(bwip).toBeGreaterThan(0);
      expect(bwip).toBeLessThan(250 * 1024);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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
