import { type SQL, sql } from 'drizzle-orm';
import { type SetupStep, setupSteps } from '../../../contract/dashboards.schema';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema/access';
import { categories } from '../../db/schema/categories';
import { clubs } from '../../db/schema/clubs';
import { clubMemberships } from '../../db/schema/memberships';
import { charges, clubPaymentMethods } from '../../db/schema/money';
import { payments } from '../../db/schema/payments';
import { rowsOf } from '../../db/rows';

/*
 * A new club's set-up checklist (issue #16, the owner's dashboard): each step's fact in
 * ONE statement (an `exists` per step over the club's rows):
 * - club_data: the club can be reached and found. Only its name is required when it is
 *   created (contract/clubs.schema.ts), so the step asks for what families need from
 *   the club form (src/screens/clubs) to contact it: a phone, an e-mail and a city, each
 *   non-blank. The rest (description, address, logo, colour…) is nice to have, not set-up;
 * - first_category: a category exists (any status);
 * - first_trainer: someone holds the Entrenador role in the club (the Entrenadores grid);
 * - players: someone holds the Jugador role in the club (the Jugadores grid);
 * - first_charge: a charge exists (any status);
 * - payment_methods: the club accepts at least one payment method;
 * - first_period: a payment exists (a period was generated, or one was billed by hand).
 */

export interface SetupChecklist {
  complete: boolean;
  steps: { step: SetupStep; done: boolean }[];
}

const filled = (column: SQL) => sql`coalesce(btrim(${column}), '') <> ''`;

/** Someone holds role `name` in the club. */
const holdsRole = (clubId: number, name: string) =>
  sql`exists (select 1 from ${clubMemberships} join ${roles} on ${roles.id} = ${clubMemberships.roleId}
    where ${clubMemberships.clubId} = ${clubId} and ${roles.name} = ${name})`;

/** Each step's SQL fact for club `clubId`. */
function stepFacts(clubId: number): Record<SetupStep, SQL> {
  return {
    club_data: sql`exists (select 1 from ${clubs} where ${clubs.id} = ${clubId}
      and ${filled(sql`${clubs.phone}`)} and ${filled(sql`${clubs.email}`)} and ${filled(sql`${clubs.city}`)})`,
    first_category: sql`exists (select 1 from ${categories} where ${categories.clubId} = ${clubId})`,
    first_trainer: holdsRole(clubId, 'Entrenador'),
    players: holdsRole(clubId, 'Jugador'),
    first_charge: sql`exists (select 1 from ${charges} where ${charges.clubId} = ${clubId})`,
    payment_methods: sql`exists (select 1 from ${clubPaymentMethods}
      where ${clubPaymentMethods.clubId} = ${clubId} and ${clubPaymentMethods.accepted})`,
    first_period: sql`exists (select 1 from ${payments} where ${payments.clubId} = ${clubId})`,
  };
}

/** The checklist of club `clubId`, its steps in `setupSteps` order. */
export async function setupChecklist(db: Db, clubId: number): Promise<SetupChecklist> {
  const facts = stepFacts(clubId);
  const columns = setupSteps.map((step) => sql`${facts[step]} as ${sql.identifier(step)}`);
  const result = await db.execute(sql`select ${sql.join(columns, sql`, `)}`);
  const [row] = rowsOf<Record<SetupStep, unknown>>(result);
  const steps = setupSteps.map((step) => ({ step, done: row?.[step] === true }));
  return { complete: steps.every((s) => s.done), steps };
}
