import { decodePDFRawStream, PDFArray, type PDFDocument as Doc, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFPage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { inLabelFormat, LABEL_SIZE, LETTER_MARGIN, LETTER_SIZE, labelsOnLetter, labelsPdf, trackingBarcode } from './label-pdf.js';

const address = { name: 'Dana Demo', address1: '500 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' };
const label = (trackingNumber: string) => ({ from: address, to: { ...address, name: 'Grace Hopper' }, serviceName: 'Priority Mail', weightOz: 20, trackingNumber, date: '2026-11-23' });

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (png: Uint8Array) => {
  const view = new DataView(png.buffer, png.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
};

/** A page's drawing operators, decoded. */
function contentOf(pdf: Doc, page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => pdf.context.lookup(r)) : [contents];
  return streams.map((s) => (s instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(s).decode()).toString('latin1') : '')).join('\n');
}

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

  it('letter paper: each 4x6 label drawn at the top left of its own 8.5x11 in page', async () => {
    const fourBySix = await labelsPdf([label('9400111899223344556677'), label('9400111899223344556688')]);
    const pdf = await PDFDocument.load(await labelsOnLetter(fourBySix));
    expect(pdf.getPageCount()).toBe(2);
    for (const page of pdf.getPages()) {
      expect(page.getSize()).toEqual(LETTER_SIZE);
      // The label is one form XObject, placed by the page's content: a 4x6 box from the top left corner.
      const forms = page.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
      expect(forms?.keys()).toHaveLength(1);
      expect(contentOf(pdf, page)).toContain(`1 0 0 1 ${LETTER_MARGIN} ${LETTER_SIZE.height - LETTER_MARGIN - LABEL_SIZE.height} cm`);
    }
  });

  it('4x6: the stored label unchanged', async () => {
    const fourBySix = await labelsPdf([label('9400111899223344556677')]);
    expect(await inLabelFormat(fourBySix, '4x6')).toBe(fourBySix);
    expect((await PDFDocument.load(await inLabelFormat(fourBySix, 'letter'))).getPage(0).getSize()).toEqual(LETTER_SIZE);
  });
});
