import { describe, expect, it } from 'vitest';
import { ratingCell, readTeamReviews, replyTimeText } from './teamReviewData';

describe('team review figures', () => {
  it('reads the RPC defensively: odd figures are 0 or null, never NaN', () => {
    const rows = readTeamReviews({
      by_member: [
        {
          contractor_id: 'a',
          name: 'Joe',
          email: 'joe@example.com',
          average_rating: '4.5',
          review_count: 2,
          median_first_reply_minutes: 20,
          replies_counted: 3,
        },
        { contractor_id: 'b', average_rating: 'x', review_count: null },
      ],
    });
    expect(rows[0]).toMatchObject({ average_rating: 4.5, review_count: 2, replies_counted: 3 });
    expect(rows[1]).toMatchObject({ average_rating: null, review_count: 0, name: null });
    expect(readTeamReviews(null)).toEqual([]);
    expect(ratingCell(rows[0]!)).toBe('4.5 (2 reviews)');
    expect(ratingCell(rows[1]!)).toBe('—');
  });

  it('shows reply times in minutes, hours or days', () => {
    expect(replyTimeText(null)).toBe('—');
    expect(replyTimeText(20)).toBe('20 min');
    expect(replyTimeText(150)).toBe('2.5 h');
    expect(replyTimeText(3 * 1440)).toBe('3 days');
  });
});
