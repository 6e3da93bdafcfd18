import { decodePDFRawStream, PDFArray, type PDFDocument, PDFRawStream, type PDFRef } from 'pdf-lib';

/** The text a page draws: its content streams inflated, each hex string shown (Tj) decoded back to text. */
export function pageText(pdf: PDFDocument, index = 0): string {
  const page = pdf.getPage(index);
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => pdf.context.lookup(r as PDFRef)) : [contents];
  const source = streams
    .filter((s): s is PDFRawStream => s instanceof PDFRawStream)
    .map((s) => Buffer.from(decodePDFRawStream(s).decode()).toString('latin1'))
    .join('\n');
  return [...source.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1')).join('\n');
}
