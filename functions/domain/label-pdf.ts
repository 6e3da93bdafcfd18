import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

export interface LabelAddress {
  name: string;
  company?: string;
  address1: string;
  address2?: string;
  city: string;
  state: string;
  zip: string;
}

export interface LabelContent {
  from: LabelAddress;
  to: LabelAddress;
  serviceName: string;
  weightOz: number;
  trackingNumber: string;
  date: string;
}

const INCH = 72;
export const LABEL_SIZE = { width: 4 * INCH, height: 6 * INCH } as const;

const lines = (a: LabelAddress) =>
  [a.name, a.company, a.address1, a.address2, `${a.city}, ${a.state} ${a.zip}`].filter((l): l is string => Boolean(l));

/** Code-39-like bars from the tracking digits: narrow and wide bars, scannable by eye, readable by tests as text. */
function bars(text: string): number[] {
  const widths: number[] = [];
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    for (let bit = 0; bit < 5; bit++) widths.push((code >> bit) & 1 ? 3 : 1);
  }
  return widths;
}

/** Draws the labels onto pages of one document (one page each, 4x6 inches). */
export async function labelsPdf(labels: LabelContent[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(labels.length === 1 ? `Label ${labels[0]!.trackingNumber}` : `${labels.length} labels`);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (const label of labels) {
    const page = doc.addPage([LABEL_SIZE.width, LABEL_SIZE.height]);
    const { height } = LABEL_SIZE;
    page.drawText(label.serviceName.toUpperCase(), { x: 14, y: height - 30, size: 14, font: bold });
    page.drawLine({ start: { x: 10, y: height - 40 }, end: { x: 278, y: height - 40 }, thickness: 2 });
    let y = height - 56;
    for (const l of lines(label.from)) {
      page.drawText(l, { x: 14, y, size: 8, font });
      y -= 10;
    }
    y -= 14;
    page.drawText('SHIP TO:', { x: 14, y, size: 9, font: bold });
    y -= 16;
    for (const l of lines(label.to)) {
      page.drawText(l, { x: 40, y, size: 12, font: bold });
      y -= 15;
    }
    page.drawText(`Weight: ${label.weightOz} oz    Date: ${label.date}`, { x: 14, y: 150, size: 8, font });
    page.drawLine({ start: { x: 10, y: 142 }, end: { x: 278, y: 142 }, thickness: 2 });
    let x = 24;
    for (const [i, w] of bars(label.trackingNumber).entries()) {
      if (i % 2 === 0) page.drawRectangle({ x, y: 50, width: w, height: 80, color: rgb(0, 0, 0) });
      x += w + 1;
      if (x > 264) break;
    }
    page.drawText(`TRACKING # ${label.trackingNumber}`, { x: 24, y: 30, size: 10, font: bold });
  }
  return doc.save();
}
