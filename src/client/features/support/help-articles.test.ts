import { describe, expect, it } from 'vitest';
import { helpArticles, searchHelp } from './help-articles';

describe('searchHelp', () => {
  it('lists every article for an empty query', () => {
    expect(searchHelp('  ')).toEqual(helpArticles);
  });

  it('matches every word, in any case, against title, text and keywords', () => {
    expect(searchHelp('Shopify').map((a) => a.id)).toEqual(['connect-store']);
    expect(searchHelp('elite CALENDAR').map((a) => a.id)).toEqual(['coaching']);
    expect(searchHelp('shopify payout')).toEqual([]);
  });

  it('puts title matches first', () => {
    expect(searchHelp('commissions')[0]!.id).toBe('commissions');
  });
});
