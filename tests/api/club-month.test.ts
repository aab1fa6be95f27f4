import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { paymentBulkResponseSchema } from '../../contract/payment-bulk.schema';
import { paymentGenerationResultSchema } from '../../contract/payment-generation.schema';
import { playerImportResultResponseSchema } from '../../contract/player-imports.schema';
import { frequencies } from '../../server/db/schema/reference';
import { payments } from '../../server/db/schema/payments';
import { createClub } from './support/clubs';
import { clubMethods } from './support/payment-actions';
import { multipart } from './support/uploads';
import { describeEachDatabase, registerUser } from './support/test-app';

/*
 * Issue #34, "Done when": a new owner imports 100 players with guardians, applies the
 * sibling rule, generates the month and reminds every family with zero 'procesados' lost.
 * Everything goes through the API a browser uses; only the payment methods and the
 * monthly frequency's id are read or written directly. 50 families: 10 of three children,
 * 30 of two, 10 only children; no guardian has an account yet (the import leaves each
 * guardian's e-mail and phone on the child's record).
 */

const NOW = new Date('2026-03-10T15:00:00Z');
const FEE = 100_000;

interface Child {
  name: string;
  document: string;
  born: string;
  family: number;
}

/** The families of the file: n.º 1–10 have three children, 11–40 two, 41–50 one. */
function families(): Child[] {
  const children: Child[] = [];
  let document = 1_300_000_000 + (Date.now() % 1_000_000) * 100;
  for (let family = 1; family <= 50; family++) {
    const size = family <= 10 ? 3 : family <= 40 ? 2 : 1;
    for (let nth = 0; nth < size; nth++) {
      children.push({
        name: `Hijo${nth + 1} Familia${family}`,
        document: String((document += 1)),
        // The eldest first in age, not in the file: the file lists the youngest first.
        born: `0${nth + 1}/0${(family % 9) + 1}/${2016 - 2 * (size - 1 - nth)}`,
        family,
      });
    }
  }
  return children;
}

const HEADERS = [
  'Nombre',
  'Apellido',
  'Tipo de documento',
  'Número de documento',
  'Fecha de nacimiento',
  'Género',
  'Acudiente',
  'Teléfono del acudiente',
  'Correo del acudiente',
  'Parentesco',
];

const guardianEmail = (family: number) => `familia${family}@correo.test`;

function spreadsheet(children: Child[]): Buffer {
  const lines = [
    HEADERS,
    ...children.map((child) => [
      child.name.split(' ')[0]!,
      child.name.split(' ')[1]!,
      'TI',
      child.document,
      child.born,
      child.family % 2 === 0 ? 'F' : 'M',
      `Madre Familia${child.family}`,
      `300 ${String(1_000_000 + child.family).slice(-7)}`,
      guardianEmail(child.family),
      'Madre',
    ]),
  ];
  return Buffer.from(lines.map((cells) => cells.join(';')).join('\r\n'), 'utf8');
}

describeEachDatabase("A new owner's month (issue #34)", (ctx) => {
  it('imports 100 players with guardians, applies the sibling rule, generates the month and reminds all 50 families, none lost', async () => {
    ctx.clock.set(NOW);
    const owner = await registerUser(ctx);
    const { id: clubId } = await createClub(ctx, owner.token, { name: 'Club del Mes' });
    const api = (method: 'GET' | 'POST', url: string, body?: object) =>
      ctx.request({ method, url: `/api/pla_club_teams/${clubId}${url}`, token: owner.token, body });

    const category = await api('POST', '/categories', {
      name: 'Escuela',
      gender: 'mixed',
      birth_year_from: 2010,
      birth_year_to: 2019,
    });
    expect(category.statusCode, category.body).toBe(201);

    const children = families();
    const imported = await ctx.request({
      method: 'POST',
      url: `/api/pla_club_teams/${clubId}/player-imports`,
      token: owner.token,
      ...multipart('file', 'jugadores.csv', 'text/csv', spreadsheet(children)),
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(playerImportResultResponseSchema.parse(imported.json()).data).toMatchObject({
      created: 100,
      updated: 0,
    });

    await clubMethods(ctx, clubId);
    const rule = await api('POST', '/discounts', {
      name: 'Plan Hermanos',
      kind: 'siblings',
      value: 15,
      third_value: 25,
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const [monthly] = await ctx.db
      .select()
      .from(frequencies)
      .where(eq(frequencies.code, 'monthly'));
    const fee = await api('POST', '/charges', {
      name: 'Mensualidad',
      concept: 'training_fee',
      amount: FEE,
      frequency_id: monthly!.id,
      due_day: 15,
      valid_from: '2026-03-01',
      scope: 'all',
      applies_to_new_players: true,
      status: 'active',
      discount_ids: [(rule.json() as { data: { id: number } }).data.id],
    });
    expect(fee.statusCode, fee.body).toBe(201);

    const generated = await api('POST', '/payments/generation', { period: '2026-03' });
    expect(generated.statusCode, generated.body).toBe(200);
    expect(paymentGenerationResultSchema.parse(generated.json()).created_total).toBe(100);

    const rows = await ctx.db
      .select({ id: payments.id, off: payments.discountAmount, applied: payments.discountsApplied })
      .from(payments)
      .where(and(eq(payments.clubId, clubId)));
    const offs = rows.map((row) => row.off);
    // 40 second children (15 %), 10 third children (25 %), 50 first children in full.
    expect(offs.filter((off) => off === 15_000)).toHaveLength(40);
    expect(offs.filter((off) => off === 25_000)).toHaveLength(10);
    expect(offs.filter((off) => off === 0)).toHaveLength(50);
    expect(rows.flatMap((row) => row.applied.map((each) => each.reason)).sort()).toEqual([
      ...Array<string>(40).fill('2.º hijo: 15 %'),
      ...Array<string>(10).fill('3.º hijo: 25 %'),
    ]);

    const reminded = await api('POST', '/payments/bulk', {
      action: 'remind',
      payment_ids: rows.map((row) => row.id),
    });
    expect(reminded.statusCode, reminded.body).toBe(200);
    const result = paymentBulkResponseSchema.parse(reminded.json()).data;
    expect({ succeeded: result.succeeded, failed: result.failed }).toEqual({
      succeeded: 100,
      failed: 0,
    });
    expect(result.families).toHaveLength(50);
    expect(result.families!.every((family) => family.reached)).toBe(true);
    expect(result.families!.map((family) => family.players.length).sort()).toEqual([
      ...Array<number>(10).fill(1),
      ...Array<number>(30).fill(2),
      ...Array<number>(10).fill(3),
    ]);
    // One e-mail per family, to the guardian's address on file, naming every child.
    for (const family of [1, 11, 41]) {
      await expect.poll(() => ctx.mailer.to(guardianEmail(family)).length).toBe(1);
      const [mail] = ctx.mailer.to(guardianEmail(family));
      for (const child of children.filter((each) => each.family === family)) {
        expect(mail!.text).toContain(child.name.split(' ')[0]);
      }
    }
  });
});
