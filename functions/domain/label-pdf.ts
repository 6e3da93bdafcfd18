import { code128, type DrawingContext } from 'bwip-js/node';
import { fill, type PDFPage, PDFDocument, popGraphicsState, pushGraphicsState, rectangle, setFillingGrayscaleColor, StandardFonts } from 'pdf-lib';
import type { PostalAddress } from '../../shared/domain/orders.js';
import type { LabelFormat } from '../../shared/schemas/settings.js';

/** A postal address a label can print: the recipient, street, city, state and ZIP are there. */
export type LabelAddress = Pick<PostalAddress, 'company' | 'address2'> & Required<Pick<PostalAddress, 'name' | 'address1' | 'city' | 'state' | 'zip'>>;

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
/** US letter paper, portrait. */
export const LETTER_SIZE = { width: 8.5 * INCH, height: 11 * INCH } as const;
/** Where a 4x6 label sits on letter paper: its top left, inside the quarter inch most printers cannot reach. */
export const LETTER_MARGIN = INCH / 4;

const lines = (a: LabelAddress) =>
  [a.name, a.company, a.address1, a.address2, `${a.city}, ${a.state} ${a.zip}`].filter((l): l is string => Boolean(l));

/** Room for the barcode on the page, in points: the full width inside the margins. */
const BARCODE_BOX = { x: 24, y: 50, width: 240, height: 80 } as const;

/** Widest bar module printed, in points: 20 mil, inside USPS's 13 to 21 mil for a tracking barcode. */
const MAX_MODULE = 1.44;

/**
 * A bwip-js drawing that keeps only the bars of a linear symbol: each is a vertical line as wide as the bar, drawn
 * at the pixel after the first half of its width (bwip-js's rounding). Drawn at one pixel a module without ink
 * spread, a bar's start and width are whole modules.
 */
function barsOnly(): DrawingContext<{ start: number; width: number }[]> {
  const bars: { start: number; width: number }[] = [];
  const none = () => {};
  return {
    scale: (sx, sy) => [sx, sy],
    measure: () => ({ width: 0, ascent: 0, descent: 0 }),
    init: none,
    line: (x0, _y0, x1, _y1, lw) => {
      if (x0 === x1) bars.push({ start: x0 - Math.ceil(lw / 2), width: lw });
    },
    polygon: none,
    hexagon: none,
    ellipse: none,
    fill: none,
    text: none,
    end: () => bars,
  };
}

/**
 * The tracking number as Code 128 (what carriers print under the tracking number): the widths of its bars and
 * spaces in modules, bar first, as bwip-js's encoder gives them (the symbology's own encoding, no image). Its
 * Code 128 encoder alone: `bwipjs.raw` gives the same widths but looks the symbology up by name, which brings all
 * of the library's encoders (about 940 KB, of which Code 128 needs about 130) into the bundle (issue 18). The unit
 * test holds the two equal.
 */
export function trackingBars(trackingNumber: string): number[] {
  const bars = code128({ bcid: 'code128', text: trackingNumber, scale: 1, inkspread: 0 }, barsOnly());
  if (bars.length === 0) throw new Error('Code 128 gave no bars');
  return bars.flatMap((bar, i) => (i === 0 ? [bar.width] : [bar.start - (bars[i - 1]!.start + bars[i - 1]!.width), bar.width]));
}

/**
 * Draws the tracking barcode as filled rectangles in `box`, centred: vector bars stay sharp at any scale and cost a
 * few bytes of the page's content, where an image would be drawn, compressed, decoded and compressed again.
 */
function drawBarcode(page: PDFPage, trackingNumber: string, box: { x: number; y: number; width: number; height: number }) {
  const widths = trackingBars(trackingNumber);
  const modules = widths.reduce((sum, w) => sum + w, 0);
  const module = Math.min(box.width / modules, MAX_MODULE);
  let x = box.x + (box.width - modules * module) / 2;
  const ops = [pushGraphicsState(), setFillingGrayscaleColor(0)];
  for (const [i, w] of widths.entries()) {
    if (i % 2 === 0) ops.push(rectangle(x, box.y, w * module, box.height));
    x += w * module;
  }
  page.pushOperators(...ops, fill(), popGraphicsState());
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
    drawBarcode(page, label.trackingNumber, BARCODE_BOX);
    page.drawText(`TRACKING # ${label.trackingNumber}`, { x: 24, y: 30, size: 10, font: bold });
  }
  return doc.save({ useObjectStreams: false });
}

/**
 * The labels of a PDF on letter paper: each 4x6 page (ours or the carrier's) drawn at the top left of an 8.5x11 in
 * page, where half-sheet label paper and cut-out labels expect it; one page per label still. A page larger than
 * 4x6 is scaled down to fit.
 */
export async function labelsOnLetter(pdf: Uint8Array): Promise<Uint8Array> {
  const source = await PDFDocument.load(pdf);
  const doc = await PDFDocument.create();
  doc.setTitle(source.getTitle() ?? 'Labels');
  const pages = await doc.embedPdf(source, source.getPageIndices());
  for (const label of pages) {
    const scale = Math.min(1, LABEL_SIZE.width / label.width, LABEL_SIZE.height / label.height);
    const width = label.width * scale;
    const height = label.height * scale;
    const page = doc.addPage([LETTER_SIZE.width, LETTER_SIZE.height]);
    page.drawPage(label, { x: LETTER_MARGIN, y: LETTER_SIZE.height - LETTER_MARGIN - height, width, height });
  }
  return doc.save();
}

/** A label PDF as stored (4x6 pages) in the seller's label format. */
export async function inLabelFormat(pdf: Uint8Array, format: LabelFormat): Promise<Uint8Array> {
  return format === 'letter' ? labelsOnLetter(pdf) : pdf;
}
