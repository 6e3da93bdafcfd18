/**
 * chart.js gives the labels beside a horizontal bar chart at most half the chart's width and right-aligns them, so
 * a long name is cut off at the canvas's left edge (a product name on a 375 px phone). A label that would not fit is
 * shortened with an ellipsis; the tooltip keeps the full name.
 */

/** Room the tick mark and its padding take beside a label (chart.js: grid tickLength 8, ticks padding 3), and a little more. */
const TICK_ROOM_PX = 14;

/** How wide the labels beside a horizontal bar chart `chartWidth` px wide may be. */
export const sideLabelRoom = (chartWidth: number) => Math.max(0, chartWidth / 2 - TICK_ROOM_PX);

/** `label`, or as much of it as fits in `room` px followed by "…"; `widthOf` measures text in the tick font. */
export function fitLabel(label: string, room: number, widthOf: (text: string) => number): string {
  if (widthOf(label) <= room) return label;
  const chars = Array.from(label);
  for (let n = chars.length - 1; n > 0; n--) {
    const short = `${chars.slice(0, n).join('').trimEnd()}…`;
    if (widthOf(short) <= room) return short;
  }
  return '…';
}
