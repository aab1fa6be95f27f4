import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_COUNTRY } from '../../../contract/clubs.schema';
import {
  type ClubPaymentMethod,
  type clubPaymentMethodRequestSchema,
  paymentMethodMessages,
} from '../../../contract/payment-methods.schema';
import type { Db } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { clubPaymentMethods } from '../../db/schema/money';
import { countries, paymentMethods } from '../../db/schema/reference';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';

type PaymentMethodInput = z.output<typeof clubPaymentMethodRequestSchema>;

export interface PaymentMethodsService {
  /** Every method of the club's country, in reference order, with the club's choice. */
  list(clubId: number): Promise<ClubPaymentMethod[]>;
  /**
   * Accepts or stops accepting one method of the club's country (404 notFound for any
   * other method). The club's row is kept when un-accepting: past payments name it.
   */
  update(clubId: number, methodId: number, input: PaymentMethodInput): Promise<ClubPaymentMethod>;
}

/**
 * A club's payment methods. The caller's permission in the club (payments.view to read,
 * settings.manage to change) is checked by the route guard before these run; every query
 * is scoped to the club of the URL and to its country's reference methods.
 */
export function createPaymentMethodsService({
  db,
  clock,
}: {
  db: Db;
  clock: Clock;
}): PaymentMethodsService {
  /**
   * The methods of the club's country (a club without a country is Colombian, as
   * everywhere else), joined with the club's choice; `extra` narrows them.
   */
  function methodsOf(clubId: number, extra?: SQL): Promise<ClubPaymentMethod[]> {
    return db
      .select({
        id: paymentMethods.id,
        code: paymentMethods.code,
        name: paymentMethods.name,
        accepted: sql<boolean>`coalesce(${clubPaymentMethods.accepted}, false)`,
        details: clubPaymentMethods.details,
      })
      .from(paymentMethods)
      .innerJoin(countries, eq(countries.id, paymentMethods.countryId))
      .innerJoin(
        clubs,
        and(
          eq(clubs.id, clubId),
          eq(countries.iso2, sql`coalesce(${clubs.country}, ${DEFAULT_COUNTRY})`),
        ),
      )
      .leftJoin(
        clubPaymentMethods,
        and(
          eq(clubPaymentMethods.clubId, clubs.id),
          eq(clubPaymentMethods.paymentMethodId, paymentMethods.id),
        ),
      )
      .where(extra)
      .orderBy(asc(paymentMethods.id));
  }

  async function one(clubId: number, methodId: number): Promise<ClubPaymentMethod> {
    const [method] = await methodsOf(clubId, eq(paymentMethods.id, methodId));
    if (!method) throw new AppError(404, paymentMethodMessages.notFound);
    return method;
  }

  return {
    list: (clubId) => methodsOf(clubId),

    async update(clubId, methodId, input) {
      // Only a method of the club's own country: checked first, so the upsert never
      // names another country's method (nor a missing one: no foreign-key 500).
      await one(clubId, methodId);
      const now = clock.now();
      await db
        .insert(clubPaymentMethods)
        .values({
          clubId,
          paymentMethodId: methodId,
          accepted: input.accepted,
          details: input.details ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [clubPaymentMethods.clubId, clubPaymentMethods.paymentMethodId],
          // Details left out of the body stay as they were; null or '' clears them.
          set: {
            accepted: input.accepted,
            ...(input.details !== undefined ? { details: input.details } : {}),
            updatedAt: now,
          },
        });
      return one(clubId, methodId);
    },
  };
}
