import type { Statement } from '../../../shared/schemas';

const amount = (cents: number) => (cents / 100).toFixed(2);
const cell = (text: string) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/**
 * The developer's statements as CSV, one line per game and month then the month's totals, amounts
 * in the currency's units with two decimals, for a spreadsheet or an accountant.
 */
export function statementsCsv(statements: readonly Statement[]): string {
  const lines = ['month,game_id,game,slot_impressions,break_impressions,revenue,share,carried_in,balance,status,currency,payout_reference'];
  for (const statement of statements) {
    for (const game of statement.games) {
      lines.push([statement.month, game.gameId, cell(game.title), game.slotImpressions, game.breakImpressions, amount(game.revenueCents), amount(game.shareCents), '', '', '', statement.currency, ''].join(','));
    }
    lines.push(
      [
        statement.month,
        '',
        'TOTAL',
        statement.slotImpressions,
        statement.breakImpressions,
        amount(statement.revenueCents),
        amount(statement.shareCents),
        amount(statement.carriedInCents),
        amount(statement.balanceCents),
        statement.status,
        statement.currency,
        cell(statement.payout?.reference ?? ''),
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}
