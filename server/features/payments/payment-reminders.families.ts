import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentStatus } from '../../../contract/payments.schema';
import { charges } from '../../db/schema/money';
import { type payments } from '../../db/schema/payments';
import { players } from '../../db/schema/players';
import { users } from '../../db/schema/users';
import { authorisedGuardiansOf } from '../parents/authorised-guardians';
import type { ReminderItem } from './payment-reminders.text';
import type { Tx } from './receipts';

/*
 * Who pays for a reminded payment (issue #34, DOMAIN.md "Parent-child links"): for a
 * minor (or a player of unknown age) the active accounts of the authorised guardians;
 * before any has an account, the guardian contact the club keeps on the player
 * (players.guardian_name/_email/_phone, from the player form or the import); for an adult,
 * himself. A minor with no guardian contact at all is a family without a channel, never
 * the child. Players with the same payers are one family: one message lists them all.
 */

export interface Contact {
  userId: number | null;
  name: string;
  email: string | null;
  phone: string | null;
  /** Can sign in: an in-app notification reaches them. */
  hasAccount: boolean;
  primary: boolean;
}

export interface Family {
  key: string;
  name: string;
  greeting: string | null;
  namesPlayers: boolean;
  contacts: Contact[];
  /** The phone the WhatsApp link opens (the guardian's, else the one on file). */
  phone: string | null;
  items: (ReminderItem & { paymentId: number; status: PaymentStatus })[];
}

const fullName = (p: { name: string; lastname: string }) => `${p.name} ${p.lastname}`.trim();

/** The families of the owed `owing` payments of club `clubId` on its day `today`, by key. */
export async function familiesOf(
  tx: Tx,
  clubId: number,
  today: string,
  owing: Pick<
    typeof payments.$inferSelect,
    'id' | 'userId' | 'chargeId' | 'period' | 'dueDate' | 'amountDue' | 'amountPaid' | 'status'
  >[],
): Promise<Map<string, Family>> {
  const playerIds = [...new Set(owing.map((p) => p.userId))];
  const people = await tx
    .select({
      id: users.id,
      name: users.name,
      lastname: users.lastname,
      email: users.email,
      phone: users.phone,
      hasAccount: sql<boolean>`(${users.passwordHash} is not null and ${users.status} = 'active' and ${users.deletedAt} is null)`,
      adult: sql<boolean | null>`(${users.birthDate} <= ${today}::date - interval '18 years')`,
      guardianName: players.guardianName,
      guardianPhone: players.guardianPhone,
      guardianEmail: players.guardianEmail,
    })
    .from(users)
    .leftJoin(players, and(eq(players.userId, users.id), eq(players.clubId, clubId)))
    // One array parameter: a club's every owing player may be more than PostgreSQL's 65,535
    // parameters of one statement.
    .where(sql`${users.id} = any(${sql.param(playerIds)}::int[])`);
  const guardians = await authorisedGuardiansOf(tx, clubId, playerIds);
  const chargeNames = new Map(
    (
      await tx
        .select({ id: charges.id, name: charges.name })
        .from(charges)
        .where(inArray(charges.id, [...new Set(owing.map((p) => p.chargeId))]))
    ).map((row) => [row.id, row.name]),
  );

  // Who pays for each player: the family's key groups siblings with the same payers.
  const familyOf = new Map<number, Omit<Family, 'items'>>();
  for (const person of people) {
    const child = fullName(person);
    const own = guardians.filter((g) => g.playerId === person.id);
    if (person.adult !== true && own.length > 0) {
      const contacts = own.map((g) => ({
        userId: g.userId,
        name: fullName(g),
        email: g.email,
        phone: g.phone,
        hasAccount: g.hasAccount,
        primary: g.primary,
      }));
      familyOf.set(person.id, {
        key: `g:${contacts.map((c) => c.userId).join(',')}`,
        name: `Familia de ${contacts[0]!.name}`,
        greeting: contacts.length === 1 ? contacts[0]!.name : null,
        namesPlayers: true,
        contacts,
        phone: contacts.find((c) => c.phone)?.phone ?? person.guardianPhone,
      });
    } else if (person.adult !== true && (person.guardianEmail || person.guardianPhone)) {
      // Before the guardian has an account: the contact the club keeps for the child.
      const email = person.guardianEmail?.trim().toLowerCase() || null;
      const phone = person.guardianPhone?.trim() || null;
      const contact = {
        userId: null,
        name: person.guardianName?.trim() || `Acudiente de ${child}`,
        email,
        phone,
        hasAccount: false,
        primary: true,
      };
      familyOf.set(person.id, {
        key: email ? `e:${email}` : `p:${phone!.replace(/\D/g, '')}`,
        name: person.guardianName?.trim()
          ? `Familia de ${person.guardianName.trim()}`
          : `Familia de ${child}`,
        greeting: person.guardianName?.trim() || null,
        namesPlayers: true,
        contacts: [contact],
        phone,
      });
    } else if (person.adult === false) {
      // A minor with no guardian contact at all: never the child, say so.
      familyOf.set(person.id, {
        key: `n:${person.id}`,
        name: `Familia de ${child}`,
        greeting: null,
        namesPlayers: true,
        contacts: [],
        phone: null,
      });
    } else {
      familyOf.set(person.id, {
        key: `u:${person.id}`,
        name: `${child} (jugador)`,
        greeting: child,
        namesPlayers: false,
        contacts: [
          {
            userId: person.id,
            name: child,
            email: person.email,
            phone: person.phone,
            hasAccount: person.hasAccount,
            primary: true,
          },
        ],
        phone: person.phone,
      });
    }
  }
  const grouped = new Map<string, Family>();
  for (const payment of owing) {
    const base = familyOf.get(payment.userId)!;
    const family = grouped.get(base.key) ?? { ...base, items: [] };
    const person = people.find((p) => p.id === payment.userId)!;
    family.items.push({
      paymentId: payment.id,
      status: payment.status,
      player: fullName(person),
      charge: chargeNames.get(payment.chargeId) ?? '',
      period: payment.period,
      dueDate: payment.dueDate,
      balance: payment.amountDue - payment.amountPaid,
    });
    grouped.set(base.key, family);
  }
  return grouped;
}
