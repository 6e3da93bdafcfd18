import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, PAGE_WINDOW, pageWindow } from '../../web/src/components/pageWindow.js';

describe('pageWindow (page size 20, window 5: spec section 9)', () => {
  it('uses the spec numbers', () => {
    expect(PAGE_SIZE).toBe(20);
    expect(PAGE_WINDOW).toBe(5);
  });
  it('centres the current page and stays full at either end', () => {
    expect(pageWindow(0, 12)).toEqual([0, 1, 2, 3, 4]);
    expect(pageWindow(1, 12)).toEqual([0, 1, 2, 3, 4]);
    expect(pageWindow(6, 12)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(11, 12)).toEqual([7, 8, 9, 10, 11]);
  });
  it('shows every page when there are fewer than 5, and none when there are none', () => {
    expect(pageWindow(1, 3)).toEqual([0, 1, 2]);
    expect(pageWindow(0, 0)).toEqual([]);
    expect(pageWindow(9, 3)).toEqual([0, 1, 2]);
  });
});
