/**
 * Entering a month's revenue (POST /api/admin/revenue/{month}): a total, split over the games by
 * their weighted viewable impressions, or the network's per-channel report (one amount a game).
 * Each game's developer gets REVENUE_SHARE.developerPercent (split.ts states the rounding), each
 * developer a statement whose balance, with what earlier months carried over, becomes a payout due
 * on the 15th once it reaches the minimum. A month may be entered again until one of its payouts
 * (or a later month's, whose carried balances it changes) is marked paid; the later months are
 * computed again with it, all in one transaction.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { REVENUE_SHARE } from '../../../shared/constants';
import type { revenueImportInput, RevenueMonth } from '../../../shared/schemas';
import { sqlIn } from '../../db/sql';
import { audit } from '../admin/audit';
import type { AuthedContext } from '../context';
import { Conflict, Validation } from '../errors';
import { text } from '../../i18n/translate';
import { carriedBalances, cents, clearMonth, gamesNamed, impressionsOf, monthsFrom, paidPayoutFrom } from './queries';
import { developerCents, parseAmount, payoutDueOn, splitByWeight } from './split';

/** A line of a per-channel report: a game's revenue, or the portal's own pages' (gameId null). */
type ChannelRow = { gameId: number | null; cents: number };

type GameLine = { gameId: number; title: string; developerId: number | null; slots: number; breaks: number; revenue: number };

/** One CSV line's cells (RFC 4180: a cell in double quotes may hold commas, `""` is a quote), or null when its quotes do not close. */
function cellsOf(text: string): string[] | null {
  const cells: string[] = [];
  const cell = /\s*(?:"((?:[^"]|"")*)"|([^,"]*?))\s*(,|$)/y;
  for (;;) {
    const match = cell.exec(text);
    if (!match) return null;
    cells.push(match[1] !== undefined ? match[1].replaceAll('""', '"').trim() : match[2]!);
    if (match[3] === '') return cells;
  }
}

/** A header is recognised by its words only: any other line is data, and must parse. */
const isHeader = (cells: string[]) => cells.length === 2 && cells[0]!.toLowerCase() === 'game' && cells[1]!.toLowerCase() === 'amount';

/**
 * Reads a per-channel report: `game,amount` lines (an id, a slug or `portal`; an amount such as
 * 120.50, in quotes when it has thousands separators), an optional first line `game,amount`. Any
 * other line that does not parse is a 400 naming its line number: nothing is dropped unsaid.
 */
async function parseChannelCsv(em: EntityManager, csv: string): Promise<ChannelRow[]> {
  const lines = csv
    .split(/\r?\n/)
    .map((text, index) => ({ text: text.trim(), number: index + 1 }))
    .filter((line) => line.text !== '');
  const cells = lines.map((line) => {
    const parsed = cellsOf(line.text);
    if (!parsed) throw new Validation('csv', text('revenue.quoteNotClosed', { line: line.number }));
    return { number: line.number, cells: parsed };
  });
  if (cells[0] && isHeader(cells[0].cells)) cells.shift();
  if (cells.length === 0) throw new Validation('csv', text('revenue.noLines'));
  const rows = cells.map(({ number, cells: line }) => {
    if (line.length !== 2) {
      throw new Validation('csv', text('revenue.cells', { line: number, cells: line.length }));
    }
    const [game, amount] = line as [string, string];
    const amountCents = parseAmount(amount);
    if (amountCents === null) throw new Validation('csv', text('revenue.notAmount', { line: number, amount }));
    return { number, game: game.toLowerCase(), cents: amountCents };
  });
  const ids = rows.filter((row) => /^\d+$/.test(row.game)).map((row) => Number(row.game));
  const slugs = rows.filter((row) => !/^\d+$/.test(row.game) && row.game !== 'portal').map((row) => row.game);
  const games = await gamesNamed(em, ids.filter((id) => id <= 2_147_483_647), slugs);
  return rows.map((row) => {
    if (row.game === 'portal') return { gameId: null, cents: row.cents };
    const game = games.find((candidate) => String(candidate.id) === row.game || candidate.slug === row.game);
    if (!game) throw new Validation('csv', text('revenue.noGame', { line: row.number, game: row.game }));
    return { gameId: game.id, cents: row.cents };
  });
}

/** The month before the current UTC month, or earlier: a month still running has impressions to come. */
function requireFinishedMonth(month: string): void {
  if (month >= new Date().toISOString().slice(0, 7)) throw new Validation('month', text('revenue.monthNotEnded'));
}

/** Splits a stored month again from its impressions and what was entered, and writes its statements and payouts. */
async function computeMonth(tx: EntityManager, month: string): Promise<void> {
  const [stored] = await sqlIn<{ total_cents: string; channel_rows: ChannelRow[] | null; break_weight: number; currency: string }>(
    tx,
    'select total_cents, channel_rows, break_weight, currency from revenue_months where month = ?',
    [month],
  );
  if (!stored) return;
  await clearMonth(tx, month);
  const total = cents(stored.total_cents);
  const seen = await impressionsOf(tx, month);
  const lines: GameLine[] = seen
    .filter((row) => row.game_id !== null)
    .map((row) => ({ gameId: row.game_id!, title: row.title ?? '', developerId: row.developer_id, slots: row.slot_impressions, breaks: row.break_impressions, revenue: 0 }));
  if (stored.channel_rows === null) {
    const portal = seen.find((row) => row.game_id === null);
    const parts = [
      ...lines.map((line) => ({ gameId: line.gameId, weight: line.slots + stored.break_weight * line.breaks })),
      { gameId: null, weight: portal ? portal.slot_impressions + stored.break_weight * portal.break_impressions : 0 },
    ];
    splitByWeight(total, parts).forEach((share, index) => {
      if (lines[index]) lines[index].revenue = share;
    });
  } else {
    const reported = stored.channel_rows.filter((row) => row.gameId !== null);
    const missing = [...new Set(reported.map((row) => row.gameId!))].filter((id) => !lines.some((line) => line.gameId === id));
    for (const game of await gamesNamed(tx, missing, [])) lines.push({ gameId: game.id, title: game.title, developerId: game.developer_id, slots: 0, breaks: 0, revenue: 0 });
    for (const row of reported) {
      const line = lines.find((candidate) => candidate.gameId === row.gameId);
      if (line) line.revenue += row.cents;
    }
  }
  let developersCents = 0;
  const statements = new Map<number, { slots: number; breaks: number; revenue: number; share: number }>();
  for (const line of lines) {
    const share = line.developerId === null ? 0 : developerCents(line.revenue);
    developersCents += share;
    await sqlIn(
      tx,
      `insert into revenue_game_shares (month, game_id, title, developer_id, slot_impressions, break_impressions, revenue_cents, developer_cents)
       values (?, ?, ?, ?, ?, ?, ?, ?)`,
      [month, line.gameId, line.title, line.developerId, line.slots, line.breaks, line.revenue, share],
    );
    if (line.developerId === null) continue;
    const statement = statements.get(line.developerId) ?? { slots: 0, breaks: 0, revenue: 0, share: 0 };
    statement.slots += line.slots;
    statement.breaks += line.breaks;
    statement.revenue += line.revenue;
    statement.share += share;
    statements.set(line.developerId, statement);
  }
  await sqlIn(tx, 'update revenue_months set portal_cents = ? where month = ?', [total - developersCents, month]);
  const carried = await carriedBalances(tx, month);
  for (const [developerId, statement] of [...statements].sort(([a], [b]) => a - b)) {
    const carriedIn = carried.get(developerId) ?? 0;
    const balance = carriedIn + statement.share;
    await sqlIn(
      tx,
      `insert into developer_statements (month, developer_id, slot_impressions, break_impressions, revenue_cents, share_cents, carried_in_cents, balance_cents)
       values (?, ?, ?, ?, ?, ?, ?, ?)`,
      [month, developerId, statement.slots, statement.breaks, statement.revenue, statement.share, carriedIn, balance],
    );
    if (balance >= REVENUE_SHARE.minimumPayoutCents) {
      await sqlIn(tx, 'insert into payouts (month, developer_id, amount_cents, currency, due_on) values (?, ?, ?, ?, ?)', [
        month,
        developerId,
        balance,
        stored.currency,
        payoutDueOn(month),
      ]);
    }
  }
}

/** A stored month as the admin sees it. */
export async function monthSummary(em: EntityManager, month: string): Promise<RevenueMonth | null> {
  const [row] = await sqlIn<{
    month: string;
    currency: string;
    total_cents: string;
    portal_cents: string;
    break_weight: number;
    csv: boolean;
    games: number;
    statements: number;
    payouts: number;
    imported_at: string | Date;
  }>(
    em,
    `select m.month, m.currency, m.total_cents, m.portal_cents, m.break_weight, m.channel_rows is not null as csv, m.imported_at,
            (select count(*)::int from revenue_game_shares s where s.month = m.month) as games,
            (select count(*)::int from developer_statements s where s.month = m.month) as statements,
            (select count(*)::int from payouts p where p.month = m.month) as payouts
       from revenue_months m where m.month = ?`,
    [month],
  );
  if (!row) return null;
  return {
    month: row.month,
    currency: row.currency,
    totalCents: cents(row.total_cents),
    developerCents: cents(row.total_cents) - cents(row.portal_cents),
    portalCents: cents(row.portal_cents),
    breakWeight: row.break_weight,
    source: row.csv ? 'csv' : 'total',
    games: row.games,
    statements: row.statements,
    payouts: row.payouts,
    importedAt: new Date(row.imported_at).toISOString(),
  };
}

/** Every stored month, newest first. */
export async function listRevenueMonths(ctx: AuthedContext): Promise<RevenueMonth[]> {
  const months = await sqlIn<{ month: string }>(ctx.em, 'select month from revenue_months order by month desc');
  const summaries = await Promise.all(months.map((row) => monthSummary(ctx.em, row.month)));
  return summaries.filter((summary) => summary !== null);
}

export async function importRevenue(ctx: AuthedContext, input: z.output<typeof revenueImportInput>): Promise<RevenueMonth> {
  requireFinishedMonth(input.month);
  let total: number;
  let channelRows: ChannelRow[] | null = null;
  if (input.total !== undefined) {
    const amount = parseAmount(input.total);
    if (amount === null) throw new Validation('total', text('revenue.totalNotAmount'));
    total = amount;
  } else {
    // The input's schema lets exactly one of total and csv through.
    channelRows = await parseChannelCsv(ctx.em, input.csv!);
    total = channelRows.reduce((sum, row) => sum + row.cents, 0);
  }
  const { services } = ctx;
  await ctx.em.transactional(async (tx) => {
    // One import at a time: each reads the carried balances the one before wrote.
    await sqlIn(tx, "select pg_advisory_xact_lock(hashtext('revenue-import'))");
    const [previous] = await sqlIn<{ total_cents: string }>(tx, 'select total_cents from revenue_months where month = ?', [input.month]);
    const paid = await paidPayoutFrom(tx, input.month);
    if (paid !== null) {
      // A month entered before can no longer be entered again; one never entered, before a paid month, can no longer be entered at all.
      throw new Conflict(
        previous ? text('revenue.monthPaid', { paid, month: input.month }) : text('revenue.beforePaid', { month: input.month, paid }),
      );
    }
    await sqlIn(
      tx,
      `insert into revenue_months (month, currency, total_cents, channel_rows, break_weight, portal_cents, imported_at, imported_by)
       values (?, ?, ?, ?::jsonb, ?, 0, now(), ?)
       on conflict (month) do update set currency = excluded.currency, total_cents = excluded.total_cents, channel_rows = excluded.channel_rows,
         break_weight = excluded.break_weight, imported_at = excluded.imported_at, imported_by = excluded.imported_by`,
      [input.month, services.env.REVENUE_CURRENCY, total, channelRows === null ? null : JSON.stringify(channelRows), services.env.AD_BREAK_WEIGHT, ctx.user.id],
    );
    for (const month of await monthsFrom(tx, input.month)) await computeMonth(tx, month);
    audit(tx, ctx, 'REVENUE_IMPORTED', 'revenue', Number(input.month.replace('-', '')), {
      month: input.month,
      totalCents: total,
      source: channelRows === null ? 'total' : 'csv',
      replacedTotalCents: previous ? cents(previous.total_cents) : null,
    });
  });
  return (await monthSummary(ctx.em, input.month))!;
}
