import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { LABEL_SIZE, labelsPdf, trackingBarcode } from './label-pdf.js';

const address = { name: 'Dana Demo', address1: '500 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' };
const label = (trackingNumber: string) => ({ from: address, to: { ...address, name: 'Grace Hopper' }, serviceName: 'Priority Mail', weightOz: 20, trackingNumber, date: '2026-11-23' });

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (png: Uint8Array) => {
  const view = new DataView(png.buffer, png.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
};

describe('label PDF', () => {
  it('draws the tracking number as a Code 128 barcode: a PNG whose bars differ by number and grow with its length', async () => {
    const a = await trackingBarcode('9400111899223344556677');
    const b = await trackingBarcode('9400111899223344556688');
    expect([...a.slice(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
    // Code 128 set C packs two digits in a symbol of 11 modules (3 px each): 22 digits are 11 symbols.
    const long = pngSize(await trackingBarcode('94001118992233445566778899001122'));
    expect(long.width - pngSize(a).width).toBe(5 * 11 * 3);
  });

  it('puts each label on its own 4x6 inch page with its barcode image', async () => {
    const pdf = await PDFDocument.load(await labelsPdf([label('9400111899223344556677'), label('9400111899223344556688')]));
    expect(pdf.getPageCount()).toBe(2);
    for (const page of pdf.getPages()) {
      expect(page.getSize()).toEqual(LABEL_SIZE);
      const images = page.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
      const [ref] = images?.values() ?? [];
      const image = ref ? pdf.context.lookup(ref) : undefined;
      if (!(image instanceof PDFRawStream)) throw new Error('the page has no image');
      expect(image.dict.get(PDFName.of('Subtype'))).toBe(PDFName.of('Image'));
    }
  });
});
