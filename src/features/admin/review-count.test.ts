import { describe, expect, it } from 'vitest';
import { waitingForReview } from './review-count';

describe('the Pending Review card (issue #38, point 11)', () => {
  it('counts a new build of a published game, which waits in the Builds tab', () => {
    expect(waitingForReview([], [{ gameStatus: 'APPROVED' }])).toBe(1);
  });

  it('counts a new game and its build once', () => {
    expect(waitingForReview([{ id: 1 }], [{ gameStatus: 'PENDING' }, { gameStatus: 'APPROVED' }])).toBe(2);
  });

  it('has no figure until both lists are there', () => {
    expect(waitingForReview(undefined, [])).toBeUndefined();
    expect(waitingForReview([], undefined)).toBeUndefined();
  });
});
