import { describe, expect, it } from 'vitest';
import { quoteShelf, shelfCounts } from './quoteShelf';

describe('quoteShelf', () => {
  it.each([
    ['draft', null, 'draft'],
    ['sent', null, 'sent'],
    ['sent', '2026-11-25', 'sent'],
    ['sent', '2026-11-24', 'expired'],
    ['accepted', '2026-01-01', 'accepted'],
    ['declined', null, 'declined'],
    ['expired', null, 'expired'],
    ['withdrawn', null, null],
    ['superseded', null, null],
  ])('%s valid until %s on 2026-11-25 → %s', (status, until, shelf) => {
    expect(quoteShelf(status, until, '2026-11-25')).toBe(shelf);
  });

  it('counts each shelf, and every quote under all', () => {
    const rows = [
      { status: 'draft', valid_until: null },
      { status: 'sent', valid_until: '2026-12-01' },
      { status: 'sent', valid_until: '2026-11-01' },
      { status: 'withdrawn', valid_until: null },
      { status: 'accepted', valid_until: null },
    ];
    expect(shelfCounts(rows, '2026-11-25')).toEqual({
      draft: 1,
      sent: 1,
      accepted: 1,
      declined: 0,
      expired: 1,
      all: 5,
    });
  });
});
