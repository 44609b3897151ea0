import { describe, expect, it } from 'vitest';
import { statementsCsv } from './statements-csv';

describe('statements as CSV', () => {
  it('writes a line per game and a total per month, quoting titles with commas', () => {
    const csv = statementsCsv([
      {
        month: '2026-10',
        currency: 'USD',
        slotImpressions: 100,
        breakImpressions: 2,
        revenueCents: 5025,
        shareCents: 3518,
        carriedInCents: 1200,
        balanceCents: 4718,
        status: 'CARRIED_OVER',
        payout: null,
        games: [{ gameId: 7, title: 'Cats, Dogs "and" More', slotImpressions: 100, breakImpressions: 2, revenueCents: 5025, shareCents: 3518 }],
      },
    ]);
    expect(csv.split('\n')).toEqual([
      'month,game_id,game,slot_impressions,break_impressions,revenue,share,carried_in,balance,status,currency,payout_reference',
      '2026-10,7,"Cats, Dogs ""and"" More",100,2,50.25,35.18,,,,USD,',
      '2026-10,,TOTAL,100,2,50.25,35.18,12.00,47.18,CARRIED_OVER,USD,',
      '',
    ]);
  });
});
