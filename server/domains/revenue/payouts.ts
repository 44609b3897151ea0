/**
 * Developers' statements (GET /api/dev/statements, /api/v1/statements) and the admin's payouts:
 * listed with their due day (REVENUE_SHARE.payoutDay of the month after the statement's), marked
 * paid once, with the payment's reference, audited.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Payout, Statement } from '../../../shared/schemas';
import { sqlIn } from '../../db/sql';
import { audit } from '../admin/audit';
import type { AuthedContext } from '../context';
import { Conflict, NotFound } from '../errors';
import { text } from '../../i18n/translate';
import { cents } from './queries';

const day = (value: string | Date) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));
const isoOrNull = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** A developer's monthly statements, newest first, with their games and payout. */
export async function statementsOf(em: EntityManager, developerId: number): Promise<Statement[]> {
  const rows = await sqlIn<{
    month: string;
    currency: string;
    slot_impressions: number;
    break_impressions: number;
    revenue_cents: string;
    share_cents: string;
    carried_in_cents: string;
    balance_cents: string;
    payout_id: number | null;
    amount_cents: string | null;
    due_on: string | Date | null;
    paid_at: string | Date | null;
    reference: string | null;
  }>(
    em,
    `select s.*, m.currency, p.id as payout_id, p.amount_cents, p.due_on, p.paid_at, p.reference
       from developer_statements s join revenue_months m on m.month = s.month
       left join payouts p on p.month = s.month and p.developer_id = s.developer_id
      where s.developer_id = ? order by s.month desc`,
    [developerId],
  );
  const games = await sqlIn<{ month: string; game_id: number; title: string; slot_impressions: number; break_impressions: number; revenue_cents: string; developer_cents: string }>(
    em,
    'select * from revenue_game_shares where developer_id = ? order by month desc, revenue_cents desc, game_id',
    [developerId],
  );
  return rows.map((row) => ({
    month: row.month,
    currency: row.currency,
    slotImpressions: row.slot_impressions,
    breakImpressions: row.break_impressions,
    revenueCents: cents(row.revenue_cents),
    shareCents: cents(row.share_cents),
    carriedInCents: cents(row.carried_in_cents),
    balanceCents: cents(row.balance_cents),
    status: row.payout_id === null ? 'CARRIED_OVER' : row.paid_at === null ? 'DUE' : 'PAID',
    payout:
      row.payout_id === null
        ? null
        : { id: row.payout_id, amountCents: cents(row.amount_cents), dueOn: day(row.due_on!), paidAt: isoOrNull(row.paid_at), reference: row.reference },
    games: games
      .filter((game) => game.month === row.month)
      .map((game) => ({
        gameId: game.game_id,
        title: game.title,
        slotImpressions: game.slot_impressions,
        breakImpressions: game.break_impressions,
        revenueCents: cents(game.revenue_cents),
        shareCents: cents(game.developer_cents),
      })),
  }));
}

export function listStatements(ctx: AuthedContext): Promise<Statement[]> {
  return statementsOf(ctx.em, ctx.user.id);
}

type PayoutRow = {
  id: number;
  month: string;
  developer_id: number;
  name: string;
  email: string;
  amount_cents: string;
  currency: string;
  due_on: string | Date;
  payable: boolean;
  paid_at: string | Date | null;
  reference: string | null;
};

const payoutOf = (row: PayoutRow): Payout => ({
  id: row.id,
  month: row.month,
  developer: { id: row.developer_id, name: row.name, email: row.email },
  amountCents: cents(row.amount_cents),
  currency: row.currency,
  dueOn: day(row.due_on),
  payable: row.payable,
  paidAt: isoOrNull(row.paid_at),
  reference: row.reference,
});

const PAYOUT_COLUMNS = `p.id, p.month, p.developer_id, u.name, u.email, p.amount_cents, p.currency, p.due_on, p.paid_at, p.reference,
  p.due_on <= (now() at time zone 'UTC')::date as payable`;

/** Payouts, the unpaid first (by due day), then the paid (latest first). */
export async function listPayouts(ctx: AuthedContext, status: 'due' | 'paid' | 'all'): Promise<Payout[]> {
  const filter = status === 'due' ? 'where p.paid_at is null' : status === 'paid' ? 'where p.paid_at is not null' : '';
  const rows = await sqlIn<PayoutRow>(
    ctx.em,
    `select ${PAYOUT_COLUMNS} from payouts p join users u on u.id = p.developer_id ${filter}
      order by p.paid_at is not null, p.due_on, p.paid_at desc, p.id`,
  );
  return rows.map(payoutOf);
}

/** Marks a payout paid, once, on or after its due day. */
export async function markPayoutPaid(ctx: AuthedContext, id: number, reference: string): Promise<Payout> {
  return ctx.em.transactional(async (tx) => {
    const [row] = await sqlIn<PayoutRow>(tx, `select ${PAYOUT_COLUMNS} from payouts p join users u on u.id = p.developer_id where p.id = ? for update of p`, [id]);
    if (!row) throw new NotFound(text('payouts.notFound'));
    if (row.paid_at !== null) throw new Conflict(text('payouts.alreadyPaid', { id, reference: String(row.reference) }));
    if (!row.payable) throw new Conflict(text('payouts.notDue', { id, day: day(row.due_on) }));
    const [paid] = await sqlIn<{ paid_at: string | Date }>(tx, 'update payouts set paid_at = now(), reference = ?, paid_by = ? where id = ? returning paid_at', [reference, ctx.user.id, id]);
    audit(tx, ctx, 'PAYOUT_PAID', 'payout', id, { month: row.month, developerId: row.developer_id, amountCents: cents(row.amount_cents), reference });
    return payoutOf({ ...row, paid_at: paid!.paid_at, reference });
  });
}
