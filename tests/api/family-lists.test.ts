import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, expect, it, vi } from 'vitest';
import { accessRowOf } from '../../contract/access-table';
import { isClubScopedUrl } from '../../server/auth/require-club-permission';
import { payments } from '../../server/db/schema/payments';
import { players } from '../../server/db/schema/players';
import { sessionAttendance, sessions } from '../../server/db/schema/sessions';
import { users } from '../../server/db/schema/users';
import {
  type SignedIn,
  addSecondFamily,
  authorisedChildren,
  demoClubId,
  signInDemoCallers,
} from './support/demo-callers';
import { addCharge, addDiscount } from './support/payment-generation';
import { type RegisteredRoute, describeEachDatabase } from './support/test-app';

/*
 * Issue #33 item 3, "families see only their own": every GET the role × operation table
 * (contract/access-table.ts) opens to a player or a guardian is called by each family of
 * the demo club — padre@demo.club (two authorised children), jugador@demo.club (a player
 * themself) and a second guardian with one authorised child — with the ids of its own
 * child, payment and session, and must show nothing of the other families: their
 * children's names, last names, documents and e-mails (made distinctive here), their user
 * ids in id fields, the charge and the discount that bill only them, nor an announcement
 * sent only to trainers.
 */

// Seeding the demo takes a while on a loaded machine.
vi.setConfig({ hookTimeout: 240_000 });

interface Family {
  label: string;
  account: () => SignedIn;
  role: 'player' | 'guardian';
  /** The family's children (a player: themself). */
  childIds: number[];
  /** Strings that identify it and only it. */
  words: string[];
  /** Ids of its own objects, for the path parameters. */
  params: Record<string, string>;
}

/** Keys whose number is a person's id in an answer. */
const PERSON_ID_KEYS = new Set([
  'user_id',
  'player_id',
  'player_ids',
  'player_user_id',
  'userId',
  'playerId',
]);

/** The person ids an answer names under PERSON_ID_KEYS, anywhere in it. */
function personIds(value: unknown, found = new Set<number>()): Set<number> {
  if (Array.isArray(value)) {
    for (const item of value) personIds(item, found);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (PERSON_ID_KEYS.has(key)) {
        for (const id of [item].flat()) if (typeof id === 'number') found.add(id);
      }
      personIds(item, found);
    }
  }
  return found;
}

describeEachDatabase(
  'What a family’s lists return',
  (ctx) => {
    let clubId = 0;
    const families: Family[] = [];
    /** What no family may see: an announcement sent only to trainers. */
    const staffOnly = 'Aviso-solo-para-entrenadores';

    async function rename(userId: number, name: string, lastname: string, document: string) {
      await ctx.db
        .update(users)
        .set({ name, lastname, documentNumber: document })
        .where(eq(users.id, userId));
    }

    async function ownParams(childId: number) {
      const [child] = await ctx.db
        .select({ categoryId: players.categoryId })
        .from(players)
        .where(and(eq(players.clubId, clubId), eq(players.userId, childId)));
      const [payment] = await ctx.db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.clubId, clubId), eq(payments.userId, childId)))
        .orderBy(asc(payments.id))
        .limit(1);
      // A session of the child's category with attendance taken, when there is one.
      const [session] = child?.categoryId
        ? await ctx.db
            .select({ id: sessions.id })
            .from(sessions)
            .where(and(eq(sessions.clubId, clubId), eq(sessions.categoryId, child.categoryId)))
            .orderBy(
              desc(
                sql`(select count(*) from ${sessionAttendance} where ${sessionAttendance.sessionId} = ${sessions.id})`,
              ),
              asc(sessions.id),
            )
            .limit(1)
        : [];
      return {
        playerId: String(childId),
        paymentId: String(payment?.id ?? 999999),
        sessionId: String(session?.id ?? 999999),
      };
    }

    beforeAll(async () => {
      clubId = await demoClubId(ctx);
      const signedIn = await signInDemoCallers(ctx);
      const guardianChildren = await authorisedChildren(ctx, signedIn.guardian.id, clubId);
      const [firstChild] = await ctx.db
        .select({ categoryId: players.categoryId })
        .from(players)
        .where(and(eq(players.clubId, clubId), eq(players.userId, guardianChildren[0]!)));
      // The second family shares the first one's category: the same sessions and call-ups.
      const second = await addSecondFamily(
        ctx,
        clubId,
        [signedIn.player.id, ...guardianChildren],
        firstChild?.categoryId,
      );
      const [secondChild] = await ctx.db
        .select({ categoryId: players.categoryId })
        .from(players)
        .where(and(eq(players.clubId, clubId), eq(players.userId, second.childId)));
      expect(secondChild?.categoryId, 'the two guardians share a category').toBe(
        firstChild?.categoryId,
      );
      const specs: [string, SignedIn, 'player' | 'guardian', number[], string][] = [
        ['padre@demo.club', signedIn.guardian, 'guardian', guardianChildren, 'Primerafamilia'],
        ['jugador@demo.club', signedIn.player, 'player', [signedIn.player.id], 'Jugadorsolo'],
        ['the second guardian', second.guardian, 'guardian', [second.childId], 'Segundafamilia'],
      ];
      for (const [label, account, role, childIds, mark] of specs) {
        const words: string[] = [];
        for (const [index, childId] of childIds.entries()) {
          const name = `Hijo${mark}${index}`;
          const lastname = `Apellido${mark}${index}`;
          const document = `77${childId}0${index}`;
          await rename(childId, name, lastname, document);
          words.push(name, lastname, document);
        }
        const emails = await ctx.db
          .select({ email: users.email })
          .from(users)
          .where(inArray(users.id, childIds));
        words.push(...emails.flatMap((row) => (row.email ? [row.email] : [])));
        // A charge and a discount that bill this family's children only.
        const charge = `Cobro-solo-${mark}`;
        await addCharge(ctx, clubId, {
          name: charge,
          amount: 1_000_000,
          frequency: 'monthly',
          dueDay: 5,
          validFrom: '2026-01-01',
          scope: 'players',
          playerIds: childIds,
        });
        const discount = `Descuento-solo-${mark}`;
        await addDiscount(ctx, clubId, discount, 'percentage', 10, childIds);
        words.push(charge, discount);
        families.push({
          label,
          account: () => account,
          role,
          childIds,
          words,
          params: await ownParams(childIds[0]!),
        });
      }
      const sent = await ctx.request({
        method: 'POST',
        url: `/api/pla_club_teams/${clubId}/announcements`,
        token: signedIn.owner.token,
        body: { title: staffOnly, message: 'Reunión técnica el lunes.', roles: ['trainer'] },
      });
      expect(sent.statusCode, sent.body).toBe(201);
    });

    /** The GET routes the table opens to `role` (HEAD is answered as the GET). */
    const familyReads = (role: 'player' | 'guardian') =>
      ctx.routes.filter((route: RegisteredRoute) => {
        if (route.method !== 'GET') return false;
        const row = accessRowOf(route.method, route.url);
        return row !== undefined && row.who[role] !== 'no' && row.requires !== 'public';
      });

    it('opens reads to the families in the table (the walk below has something to check)', () => {
      const signatures = familyReads('guardian').map((route) => route.url);
      expect(signatures).toEqual(
        expect.arrayContaining([
          '/api/pla_club_teams/:id/charges',
          '/api/pla_club_teams/:id/announcements',
          '/api/pla_club_teams/:id/payments',
        ]),
      );
    });

    it('shows each family nothing of the others on any read the table opens to it', async () => {
      const leaks: string[] = [];
      for (const family of families) {
        const others = families.filter((other) => other !== family);
        const foreignWords = [...others.flatMap((other) => other.words), staffOnly];
        const foreignIds = new Set(others.flatMap((other) => other.childIds));
        for (const route of familyReads(family.role)) {
          const url = route.url.replace(/:([A-Za-z_]+)/g, (_match, name: string) =>
            name === 'id' && isClubScopedUrl(route.url)
              ? String(clubId)
              : (family.params[name] ?? '999999'),
          );
          const response = await ctx.request({ method: 'GET', url, token: family.account().token });
          const body = response.body;
          const words = foreignWords.filter((word) => body.includes(word));
          let ids: number[] = [];
          if ((response.headers['content-type'] ?? '').toString().includes('json')) {
            ids = [...personIds(response.json())].filter((id) => foreignIds.has(id));
          }
          if (words.length > 0 || ids.length > 0) {
            leaks.push(`${family.label} GET ${route.url}: ${[...words, ...ids].join(', ')}`);
          }
        }
      }
      expect(leaks).toEqual([]);
    });
  },
  { demo: true },
);
