import { expect, it } from 'vitest';
import { discountHoldersResponseSchema } from '../../contract/discount-holders.schema';
import {
  discountListResponseSchema,
  discountMessages,
  discountResponseSchema,
} from '../../contract/discounts.schema';
import { paymentGenerationPreviewSchema } from '../../contract/payment-generation.schema';
import { createClub, memberOf } from './support/clubs';
import { addCharge, addPlayer } from './support/payment-generation';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

/*
 * Issue #34 item 2: a sibling rule is a kind of discount, and a discount reaches its
 * players from the discount (its players), the players grid and the player form (the
 * same PATCH after the player is saved, the form reading back the player's discounts).
 */

const base = (clubId: number) => `/api/pla_club_teams/${clubId}`;
const errorsOf = (body: { errors?: { path: string; message: string }[] }) =>
  (body.errors ?? []).map(({ path, message }) => [path, message]);

async function ownedClub(ctx: TestContext) {
  const owner = await registerUser(ctx);
  const club = await createClub(ctx, owner.token, { name: 'Club Asignar' });
  return { owner, clubId: club.id };
}

describeEachDatabase('Discounts: sibling rules and assigning players', (ctx) => {
  it('creates a sibling rule with its two percentages and refuses one without the third or out of range', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const post = (body: object) =>
      ctx.request({ method: 'POST', url: `${base(clubId)}/discounts`, token: owner.token, body });

    const made = await post({
      name: 'Plan Hermanos',
      kind: 'siblings',
      value: 15,
      third_value: 25,
    });
    expect(made.statusCode, made.body).toBe(201);
    const rule = discountResponseSchema.parse(made.json()).data;
    expect(rule).toMatchObject({ kind: 'siblings', value: 15, third_value: 25 });

    for (const [body, path, message] of [
      [{ kind: 'siblings', value: 15 }, 'third_value', discountMessages.thirdRequired],
      [
        { kind: 'siblings', value: 15, third_value: 120 },
        'third_value',
        discountMessages.percentageRange,
      ],
      [{ kind: 'siblings', value: 0, third_value: 20 }, 'value', discountMessages.percentageRange],
      [
        { kind: 'percentage', value: 10, third_value: 20 },
        'third_value',
        discountMessages.thirdOnlySiblings,
      ],
    ] as const) {
      const refused = await post({ name: 'Otro', ...body });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorsOf(refused.json())).toEqual([[path, message]]);
    }

    // Players are not given a sibling rule: it reaches families through their guardians.
    const player = await addPlayer(ctx, owner.token, clubId, 'Ana');
    const linked = await ctx.request({
      method: 'PATCH',
      url: `${base(clubId)}/discounts/${rule.id}/players`,
      token: owner.token,
      body: { add: [player] },
    });
    expect(linked.statusCode).toBe(400);
    expect(errorsOf(linked.json())).toEqual([['add', discountMessages.siblingsHaveNoPlayers]]);

    // Editing: the third percentage alone, then leaving the rule drops it.
    const url = `${base(clubId)}/discounts/${rule.id}`;
    const third = await ctx.request({
      method: 'PATCH',
      url,
      token: owner.token,
      body: { third_value: 30 },
    });
    expect(third.json()).toMatchObject({ data: { kind: 'siblings', value: 15, third_value: 30 } });
    const flat = await ctx.request({
      method: 'PATCH',
      url,
      token: owner.token,
      body: { kind: 'percentage' },
    });
    expect(flat.statusCode, flat.body).toBe(200);
    expect(flat.json()).toMatchObject({
      data: { kind: 'percentage', value: 15, third_value: null },
    });
  });

  it("lists a discount's holders and a player's discounts, as the assign dialog and the player form read them", async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const beca = discountResponseSchema.parse(
      (
        await ctx.request({
          method: 'POST',
          url: `${base(clubId)}/discounts`,
          token: owner.token,
          body: { name: 'Beca', kind: 'percentage', value: 50 },
        })
      ).json(),
    ).data;
    // The player form's path: the player is created, then the discount's PATCH adds them.
    const ana = await addPlayer(ctx, owner.token, clubId, 'Ana');
    const beto = await addPlayer(ctx, owner.token, clubId, 'Beto');
    const trainer = await memberOf(ctx, clubId, 'Entrenador');
    const players = `${base(clubId)}/discounts/${beca.id}/players`;
    const added = await ctx.request({
      method: 'PATCH',
      url: players,
      token: owner.token,
      body: { add: [ana] },
    });
    expect(added.json()).toEqual({ data: { added: [ana], removed: [] } });

    const holders = await ctx.request({ method: 'GET', url: players, token: owner.token });
    expect(holders.statusCode, holders.body).toBe(200);
    expect(discountHoldersResponseSchema.parse(holders.json()).data).toEqual([
      { id: ana, name: 'Ana', lastname: 'Pérez' },
    ]);
    const ofPlayer = async (playerId: number) =>
      discountListResponseSchema
        .parse(
          (
            await ctx.request({
              method: 'GET',
              url: `${base(clubId)}/discounts?player_id=${playerId}`,
              token: owner.token,
            })
          ).json(),
        )
        .data.map((discount) => [discount.name, discount.player_count]);
    expect(await ofPlayer(ana)).toEqual([['Beca', 1]]);
    expect(await ofPlayer(beto)).toEqual([]);

    const bad = await ctx.request({
      method: 'GET',
      url: `${base(clubId)}/discounts?player_id=x`,
      token: owner.token,
    });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad.json())[0]?.[0]).toBe('player_id');
    // Who holds a discount is the money's business: a trainer is refused.
    const refused = await ctx.request({ method: 'GET', url: players, token: trainer.token });
    expect(refused.statusCode).toBe(403);
    const missing = await ctx.request({
      method: 'GET',
      url: `${base(clubId)}/discounts/999999/players`,
      token: owner.token,
    });
    expect(missing.statusCode).toBe(404);

    // A charge linked to the discount: the preview names it for Ana's payment.
    ctx.clock.set(new Date('2026-03-10T15:00:00Z'));
    await addCharge(ctx, clubId, {
      name: 'Mensualidad',
      amount: 80_000,
      frequency: 'monthly',
      dueDay: 5,
      validFrom: '2026-01-01',
      discountIds: [beca.id],
    });
    const preview = await ctx.request({
      method: 'POST',
      url: `${base(clubId)}/payments/generation/preview`,
      token: owner.token,
      body: { period: '2026-03' },
    });
    expect(paymentGenerationPreviewSchema.parse(preview.json()).charges[0]!.discounts).toEqual([
      { id: beca.id, name: 'Beca', payments: 1, amount: 40_000 },
    ]);
  });
});
