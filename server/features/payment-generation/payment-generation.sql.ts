import { type SQL, sql } from 'drizzle-orm';

/*
 * The set-based statements of payment generation (see payment-generation.service.ts for
 * the rules). Each takes the periods the club's charges bill in the run (computed by
 * periods.ts) as a VALUES list and selects every player of every charge in one statement:
 * never a query per player or per charge.
 */

/** A charge that bills the run, with the period it bills. */
export interface BilledPeriod {
  chargeId: number;
  period: string;
  coversFrom: string;
  coversTo: string;
  dueDate: string;
}

/** `billed (charge_id, period, covers_from, covers_to, due_date)`: the run's periods. */
const billedCte = (billed: readonly BilledPeriod[]): SQL =>
  sql`billed (charge_id, period, covers_from, covers_to, due_date) as (values ${sql.join(
    billed.map(
      (b) =>
        sql`(${b.chargeId}::int, ${b.period}::date, ${b.coversFrom}::date, ${b.coversTo}::date, ${b.dueDate}::date)`,
    ),
    sql`, `,
  )})`;

/** The club's current (Jugador role held now) and active players. */
const currentPlayers = (clubId: number): SQL =>
  sql`p.club_id = ${clubId} and p.in_club and p.status = 'active'`;

/** Player `p` falls in charge `c`'s scope (before exclusions). */
const inScope = sql`(c.scope = 'all'
  or (c.scope = 'categories' and p.category_id in
      (select cc.category_id from charge_categories cc where cc.charge_id = c.id))
  or (c.scope = 'players' and exists
      (select 1 from charge_players cp
       where cp.charge_id = c.id and cp.user_id = p.user_id and not cp.excluded)))`;

/** Charge `c` excludes player `p`. */
const excluded = sql`exists (select 1 from charge_players x
  where x.charge_id = c.id and x.user_id = p.user_id and x.excluded)`;

/** `c` bills `p` by its joining date: a charge for old players only bills who joined before it. */
const joinedInTime = (clubId: number): SQL => sql`(c.applies_to_new_players or exists (
  select 1 from club_memberships m
  where m.club_id = ${clubId} and m.user_id = p.user_id and m.created_at < c.created_at
    and m.role_id = (select r.id from roles r where r.name = 'Jugador')))`;

/** `candidates`: one row per payment the run bills (existing or not), with the base amount. */
const candidatesCte = (clubId: number): SQL => sql`candidates as (
  select b.charge_id, b.period, b.covers_from, b.covers_to, b.due_date, c.amount as base, p.user_id
  from billed b
  join charges c on c.id = b.charge_id and c.club_id = ${clubId} and c.status = 'active'
  join players p on ${currentPlayers(clubId)}
  where ${inScope} and not ${excluded} and ${joinedInTime(clubId)})`;

/** A sibling rule's share of one child's payment (computed by sibling-shares.ts). */
export interface SiblingShare {
  chargeId: number;
  userId: number;
  discountId: number;
  /** The percentage off this child ('value' or 'third_value' of the rule). */
  percentage: number;
  /** Why: '2.º hijo: 15 %'. */
  reason: string;
}

/** `siblings (charge_id, user_id, discount_id, percentage, reason)`: the run's sibling shares. */
const siblingsCte = (shares: readonly SiblingShare[]): SQL =>
  shares.length === 0
    ? sql`siblings (charge_id, user_id, discount_id, percentage, reason) as (
        select null::int, null::int, null::int, null::int, null::text where false)`
    : sql`siblings (charge_id, user_id, discount_id, percentage, reason) as (values ${sql.join(
        shares.map(
          (s) =>
            sql`(${s.chargeId}::int, ${s.userId}::int, ${s.discountId}::int, ${s.percentage}::int, ${s.reason}::text)`,
        ),
        sql`, `,
      )})`;

/**
 * `applied`: per charge and player, the active discounts linked to both, as the rule of
 * `discountedAmount` (contract/discounts.schema.ts) takes them: each fixed one its value,
 * each percentage that share of the base rounded down. A sibling rule is linked to the
 * charge only: it weighs as the percentage `siblings` gives that child, with its reason
 * (player links to a sibling rule are ignored). Fixed ones are taken first, then
 * percentages, each in id order and cut at what is left of the base, so the amounts in
 * `list` add up to `off` = min(base, their sum): what the payment's discount is.
 */
const appliedCte = (clubId: number): SQL => sql`applied as (
  select x.charge_id, x.user_id, sum(x.amount)::bigint as off,
    jsonb_agg(jsonb_strip_nulls(jsonb_build_object('id', x.id, 'name', x.name, 'kind', x.kind,
      'value', x.value, 'amount', x.amount, 'reason', x.reason)) order by x.fixed_first, x.id) as list
  from (
    select n.*, greatest(0, least(n.nominal, n.base - coalesce(sum(n.nominal) over (
      partition by n.charge_id, n.user_id order by n.fixed_first, n.id
      rows between unbounded preceding and 1 preceding), 0)))::bigint as amount
    from (
      select cd.charge_id, pd.user_id, d.id, d.name, d.kind, d.value, c.amount as base,
        case when d.kind = 'fixed' then 0 else 1 end as fixed_first,
        case when d.kind = 'fixed' then d.value else (c.amount * d.value) / 100 end as nominal,
        null::text as reason
      from billed b
      join charges c on c.id = b.charge_id
      join charge_discounts cd on cd.charge_id = c.id
      join discounts d on d.id = cd.discount_id and d.club_id = ${clubId} and d.status = 'active'
        and d.kind <> 'siblings'
      join player_discounts pd on pd.discount_id = d.id and pd.club_id = ${clubId}
      union all
      select s.charge_id, s.user_id, d.id, d.name, d.kind, s.percentage::bigint, c.amount,
        1, (c.amount * s.percentage) / 100, s.reason
      from siblings s
      join charges c on c.id = s.charge_id
      join discounts d on d.id = s.discount_id and d.club_id = ${clubId}
    ) n
  ) x
  group by x.charge_id, x.user_id)`;

/**
 * The players each charge that has an active sibling rule bills in the run (existing
 * payments included, so a second run orders the same family the same way), with their
 * birth dates: `(charge_id, user_id, birth_date)`.
 */
export function siblingCandidatesStatement(options: {
  clubId: number;
  billed: readonly BilledPeriod[];
  chargeIds: readonly number[];
}): SQL {
  const { clubId, billed, chargeIds } = options;
  return sql`with ${billedCte(billed)}, ${candidatesCte(clubId)}
  select k.charge_id, k.user_id, u.birth_date::text as birth_date
  from candidates k join users u on u.id = k.user_id
  where k.charge_id in (${sql.join(
    chargeIds.map((id) => sql`${id}::int`),
    sql`, `,
  )})`;
}

/** The payment `k` bills already exists. */
const paymentExists = sql`exists (select 1 from payments e
  where e.charge_id = k.charge_id and e.user_id = k.user_id and e.period = k.period)`;

/**
 * Why a payment the discounts bring to 0 (a 100 % 'Beca') is generated exempt, not
 * pending: nothing is owed, so it is never overdue nor a debtor's (DOMAIN.md trap 5).
 */
export const NOTHING_TO_PAY = 'Sin valor a pagar: los descuentos cubren el total';

/**
 * Creates the missing payments of the run and their 'generated' events in one statement
 * (data-modifying CTEs); answers `(charge_id, created)` per charge that created any. The
 * rows go in (charge, player) order, so two runs that overlap (a one-off charge's
 * catch-up) wait on each other's keys in one order and never deadlock.
 */
export function generateStatement(options: {
  clubId: number;
  billed: readonly BilledPeriod[];
  siblings: readonly SiblingShare[];
  actorId: number | null;
  now: Date;
}): SQL {
  const { clubId, billed, actorId } = options;
  const now = sql`${options.now.toISOString()}::timestamptz`;
  return sql`with ${billedCte(billed)}, ${candidatesCte(clubId)}, ${siblingsCte(options.siblings)},
  ${appliedCte(clubId)},
  inserted as (
    insert into payments (club_id, user_id, charge_id, period, covers_from, covers_to,
      due_date, base_amount, discount_amount, amount_due, discounts_applied, status,
      status_reason, created_at, updated_at)
    select ${clubId}, k.user_id, k.charge_id, k.period, k.covers_from, k.covers_to, k.due_date,
      k.base, least(k.base, coalesce(a.off, 0)), k.base - least(k.base, coalesce(a.off, 0)),
      coalesce(a.list, '[]'::jsonb),
      case when k.base > coalesce(a.off, 0) then 'pending' else 'exempt' end,
      case when k.base > coalesce(a.off, 0) then null else ${NOTHING_TO_PAY} end,
      ${now}, ${now}
    from candidates k
    left join applied a on a.charge_id = k.charge_id and a.user_id = k.user_id
    where not ${paymentExists}
    order by k.charge_id, k.user_id
    on conflict (charge_id, user_id, period) do nothing
    returning id, charge_id, amount_due),
  events as (
    insert into payment_events (payment_id, action, actor_id, amount, at)
    select id, 'generated', ${actorId}::int, amount_due, ${now} from inserted)
  select charge_id, count(*)::int as created from inserted group by charge_id`;
}

/** The run counted without writing: `(charge_id, to_create, existing, skipped_excluded)`. */
export function previewStatement(options: {
  clubId: number;
  billed: readonly BilledPeriod[];
}): SQL {
  const { clubId, billed } = options;
  return sql`with ${billedCte(billed)}, ${candidatesCte(clubId)}
  select b.charge_id,
    (select count(*)::int from candidates k
     where k.charge_id = b.charge_id and not ${paymentExists}) as to_create,
    (select count(*)::int from payments e
     where e.charge_id = b.charge_id and e.period = b.period) as existing,
    (select count(*)::int from charges c join players p on ${currentPlayers(clubId)}
     where c.id = b.charge_id and ${inScope} and ${excluded}) as skipped_excluded
  from billed b`;
}

/**
 * The discounts the run would apply to the payments it creates, per charge and discount:
 * `(charge_id, discount_id, name, payments, amount)`.
 */
export function previewDiscountsStatement(options: {
  clubId: number;
  billed: readonly BilledPeriod[];
  siblings: readonly SiblingShare[];
}): SQL {
  const { clubId, billed } = options;
  return sql`with ${billedCte(billed)}, ${candidatesCte(clubId)}, ${siblingsCte(options.siblings)},
  ${appliedCte(clubId)}
  select k.charge_id, (e.item->>'id')::int as discount_id, e.item->>'name' as name,
    count(*)::int as payments, sum((e.item->>'amount')::bigint)::bigint as amount
  from candidates k
  join applied a on a.charge_id = k.charge_id and a.user_id = k.user_id
  cross join lateral jsonb_array_elements(a.list) as e(item)
  where not ${paymentExists} and (e.item->>'amount')::bigint > 0
  group by k.charge_id, e.item->>'id', e.item->>'name'
  order by k.charge_id, min(e.item->>'name')`;
}
