import { describe, expect, it } from 'vitest';
import { ARTICLES, searchArticles } from './articles';

describe('help center search', () => {
  it('finds articles by every word of the query, in titles, text and keywords', () => {
    expect(searchArticles('batch labels').map((a) => a.id)).toContain('batch-purchase');
    expect(searchArticles('SHOPIFY').map((a) => a.id)).toEqual(['connect-store']);
    expect(searchArticles('lost parcel').map((a) => a.id)).toEqual(['delivery-claim']);
  });

  it('shows every article for an empty query and none for words nowhere', () => {
    expect(searchArticles('   ')).toHaveLength(ARTICLES.length);
    expect(searchArticles('zeppelin')).toEqual([]);
  });

  it('gives each article a unique id (the page links to them by hash)', () => {
    expect(new Set(ARTICLES.map((a) => a.id)).size).toBe(ARTICLES.length);
  });
});
