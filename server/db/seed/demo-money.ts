import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../features/people/people.service';
import { roles } from '../schema/access';
import { categories } from '../schema/categories';
import { clubMemberships } from '../schema/memberships';
import {
  chargeCategories,
  chargeDiscounts,
  charges,
  clubPaymentMethods,
  discounts,
  playerDiscounts,
} from '../schema/money';
import { players } from '../schema/players';
import { countries, frequencies, paymentMethods } from '../schema/reference';
import { users } from '../schema/users';
import {
  type Month,
  addMonths,
  firstDay,
  lastDay,
} from '../../features/payment-generation/periods';
import { type DemoCategoryName, demoCategoryBands } from './demo-people';

/*
 * The demo club's money catalogue (issue #12): the payment methods it accepts with their
 * details, 'Plan Hermanos' 15 % and a 100 % 'Beca', a monthly fee per category, the
 * season's enrollment and the uniform. Amounts in whole pesos (contract/money.schema.ts).
 * Dated from `thisMonth`, the club's current month, for demo-payments.ts: each category's
 * fee bills from `demoFeeHistory` months back, and the enrollment and the uniform
 * (one-offs) bill the current month and are due at its end.
 */

/** Monthly fee of each demo category, in pesos. */
export const demoMonthlyFees: Record<DemoCategoryName, number> = {
  'Sub-8 Mixta': 80_000,
  'Sub-10': 90_000,
  'Sub-12': 100_000,
  'Sub-14': 110_000,
  'Sub-15 Femenino': 110_000,
  'Sub-17': 120_000,
  Mayores: 130_000,
};

/**
 * How many months (the current one included) each category's fee has billed: the club
 * brought its categories onto the app one after another. Six months for every category
 * would be ~900 payments and as many actions through the real services, ~15 s of seed
 * on PGlite; this keeps the seed near its budget (demo-payments.ts).
 */
export const demoFeeHistory: Record<DemoCategoryName, number> = {
  'Sub-8 Mixta': 1,
  'Sub-10': 1,
  'Sub-12': 1,
  'Sub-14': 1,
  'Sub-15 Femenino': 3,
  'Sub-17': 6,
  Mayores: 3,
};

export const DEMO_ENROLLMENT_FEE = 150_000;
export const DEMO_UNIFORM_PRICE = 95_000;

/** Accepted methods and what families read on their payments and receipts. */
const acceptedMethods: Record<string, string> = {
  cash: 'En la sede, de lunes a viernes de 3:00 a 7:00 p. m. Pide tu recibo.',
  transfer: 'Cuenta de ahorros Bancolombia 123-456789-00 a nombre de Club Deportivo Demo.',
  nequi: 'Nequi 300 123 4567 (Club Deportivo Demo). Envía el comprobante desde la app.',
};

/**
 * How many current players (the first by name) hold the scholarship. 'Plan Hermanos' is a
 * sibling rule on the monthly fees (15 % off the second child, 25 % off the third and
 * later): it reaches families through their guardian links, not player links.
 */
const SCHOLARSHIPS = 2;

export async function seedDemoMoney(tx: Tx, clubId: number, thisMonth: Month, createdBy: number) {
  const [colombia] = await tx
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.iso2, 'CO'));
  const methods = await tx
    .select({ id: paymentMethods.id, code: paymentMethods.code })
    .from(paymentMethods)
    .where(eq(paymentMethods.countryId, colombia!.id));
  await tx.insert(clubPaymentMethods).values(
    methods
      .filter((method) => method.code in acceptedMethods)
      .map((method) => ({
        clubId,
        paymentMethodId: method.id,
        accepted: true,
        details: acceptedMethods[method.code]!,
      })),
  );

  const [siblings, scholarship] = await tx
    .insert(discounts)
    .values([
      {
        clubId,
        name: 'Plan Hermanos',
        description: 'Para familias con dos o más hijos en el club',
        kind: 'siblings' as const,
        value: 15,
        thirdValue: 25,
      },
      {
        clubId,
        name: 'Beca',
        description: 'Beca deportiva completa',
        kind: 'percentage' as const,
        value: 100,
      },
    ])
    .returning({ id: discounts.id });

  const frequencyRows = await tx
    .select({ id: frequencies.id, code: frequencies.code })
    .from(frequencies);
  const frequency = (code: string) => frequencyRows.find((row) => row.code === code)!.id;
  const categoryRows = await tx
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(categories.clubId, clubId));
  const year = thisMonth.year;
  const validFrom = firstDay(thisMonth);

  for (const band of demoCategoryBands) {
    const category = categoryRows.find((row) => row.name === band.name)!;
    const [fee] = await tx
      .insert(charges)
      .values({
        clubId,
        name: `Mensualidad ${band.name}`,
        concept: 'training_fee',
        amount: demoMonthlyFees[band.name],
        frequencyId: frequency('monthly'),
        dueDay: 5,
        validFrom: firstDay(addMonths(thisMonth, 1 - demoFeeHistory[band.name])),
        scope: 'categories',
        createdBy,
      })
      .returning({ id: charges.id });
    await tx.insert(chargeCategories).values({ chargeId: fee!.id, categoryId: category.id });
    await tx.insert(chargeDiscounts).values([
      { chargeId: fee!.id, discountId: siblings!.id },
      { chargeId: fee!.id, discountId: scholarship!.id },
    ]);
  }
  const [enrollment] = await tx
    .insert(charges)
    .values([
      {
        clubId,
        name: `Inscripción ${year}`,
        concept: 'enrollment',
        amount: DEMO_ENROLLMENT_FEE,
        frequencyId: frequency('one_time'),
        dueDate: lastDay(thisMonth),
        validFrom,
        validUntil: `${year}-12-31`,
        scope: 'all',
        createdBy,
      },
      {
        clubId,
        name: 'Uniforme',
        concept: 'uniform',
        amount: DEMO_UNIFORM_PRICE,
        frequencyId: frequency('one_time'),
        dueDate: lastDay(thisMonth),
        validFrom,
        scope: 'all',
        createdBy,
      },
    ])
    .returning({ id: charges.id });
  await tx
    .insert(chargeDiscounts)
    .values({ chargeId: enrollment!.id, discountId: scholarship!.id });

  // The first current players in name order hold the scholarship.
  const current = await tx
    .select({ userId: players.userId })
    .from(players)
    .innerJoin(users, eq(users.id, players.userId))
    .innerJoin(
      clubMemberships,
      and(eq(clubMemberships.clubId, players.clubId), eq(clubMemberships.userId, players.userId)),
    )
    .innerJoin(roles, and(eq(roles.id, clubMemberships.roleId), eq(roles.name, 'Jugador')))
    .where(and(eq(players.clubId, clubId), eq(players.status, 'active')))
    .orderBy(users.lastname, users.name, users.id)
    .limit(SCHOLARSHIPS);
  const holders = current.map((row) => row.userId);
  await tx
    .insert(playerDiscounts)
    .values(holders.map((userId) => ({ clubId, userId, discountId: scholarship!.id })));
  return {
    discountIds: [siblings!.id, scholarship!.id],
    chargeCount: demoCategoryBands.length + 2,
  };
}
