import { describe, expect, it } from 'vitest';
import { fitLabel, sideLabelRoom } from './chart-labels';

/** Text 6 px a character: near the tick font's average for mixed-case names. */
const sixEach = (text: string) => Array.from(text).length * 6;

describe('labels beside a horizontal bar chart', () => {
  it('shortens a long product name with an ellipsis to fit a phone-wide chart', () => {
    // A 375 px screen leaves the chart about 319 px; chart.js gives its side labels half of that.
    const room = sideLabelRoom(319);
    const label = fitLabel('Vitamin C Brightening Serum', room, sixEach);
    expect(label).toBe('Vitamin C Brightening S…');
    expect(sixEach(label)).toBeLessThanOrEqual(room);
  });

  it('keeps a name that fits, and never ends a shortened one with a space before the ellipsis', () => {
    expect(fitLabel('Soy Candle', sideLabelRoom(319), sixEach)).toBe('Soy Candle');
    expect(fitLabel('Vitamin C Brightening Serum', sideLabelRoom(1280), sixEach)).toBe('Vitamin C Brightening Serum');
    expect(fitLabel('Vitamin C Brightening Serum', 11 * 6, sixEach)).toBe('Vitamin C…');
  });

  it('has at least an ellipsis where nothing fits', () => {
    expect(fitLabel('Vitamin', 3, sixEach)).toBe('…');
    expect(sideLabelRoom(10)).toBe(0);
  });
});
