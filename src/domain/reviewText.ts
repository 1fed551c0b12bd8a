/**
 * Review rules the database also enforces (supabase migrations, reviews):
 * whole stars 1 to 5, a text and a reply of at most 2,000 characters, and
 * the 30 days in which the reviewer may change its review. The texts are
 * the server's own words, so the field says the same thing offline.
 */
import { messageLength } from './messageRules';
import { TEXT_LIMITS } from './userText';

/** The longest review text and reply, in characters (code points, as PostgreSQL counts). */
export const REVIEW_MAX_CHARS: number = TEXT_LIMITS['reviews.body'];

/** How long after writing it the reviewer may change its review, in days. */
export const REVIEW_EDIT_DAYS = 30;

/** What the form says under the field (the same words the server answers with). */
export const REVIEW_TEXTS = {
  stars: 'Choose 1 to 5 stars',
  tooLong: 'Keep the review to 2,000 characters',
  replyEmpty: 'Write a reply',
  replyTooLong: 'Keep the reply to 2,000 characters',
} as const;

/** Why a review or reply cannot be saved, or null when it can. */
export type ReviewFieldError = keyof typeof REVIEW_TEXTS;

/** Checks a review before it is queued: stars a whole number 1 to 5, text at most 2,000 characters. */
export function reviewError(rating: number, body: string): ReviewFieldError | null {
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) return 'stars';
  if (messageLength(body) > REVIEW_MAX_CHARS) return 'tooLong';
  return null;
}

/** Checks a contractor's reply: not blank, at most 2,000 characters. */
export function replyError(reply: string): ReviewFieldError | null {
  if (reply.trim() === '') return 'replyEmpty';
  if (messageLength(reply) > REVIEW_MAX_CHARS) return 'replyTooLong';
  return null;
}

/** A contractor's standing: the average stars (1 to 5, one decimal) and how many reviews. */
export interface ContractorRating {
  average: number;
  count: number;
}

/** The average and count of `ratings` (live reviews' stars), or null when there are none. */
export function ratingSummary(ratings: readonly number[]): ContractorRating | null {
  if (ratings.length === 0) return null;
  const sum = ratings.reduce((s, r) => s + r, 0);
  return { average: Math.round((sum / ratings.length) * 10) / 10, count: ratings.length };
}
