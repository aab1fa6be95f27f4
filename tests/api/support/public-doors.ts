import { expect } from 'vitest';
import { addChild, invitedGuardian } from './guardian-invitations';
import { invitationLinkFrom, roleIdOf } from './members';
import { MARCH_10, base, moneyClub } from './payments';
import { type TestContext, uniqueEmail } from './test-app';

/*
 * Every public door into one club's data that opens with a token (issue #33 items 5 and
 * 6): a receipt link, a calendar feed, a staff invitation and a guardian invitation, each
 * with its live token.
 */

export interface PublicDoors {
  owner: { token: string; id: number };
  clubId: number;
  tokens: { receipt: string; feed: string; invitation: string; guardian: string };
}

/** A club (the money fixture) with one live token of each public door. */
export async function clubWithPublicDoors(ctx: TestContext): Promise<PublicDoors> {
  ctx.clock.set(MARCH_10);
  const f = await moneyClub(ctx);
  const owner = f.owner;
  const receipt = await ctx.request({
    method: 'POST',
    url: `${base(f.clubId)}/payments/${f.list[1]!.id}/receipt-links`,
    token: owner.token,
    body: {},
  });
  expect(receipt.statusCode, receipt.body).toBe(201);
  const feed = await ctx.request({
    method: 'POST',
    url: `${base(f.clubId)}/calendar-feeds`,
    token: owner.token,
    body: { kind: 'person' },
  });
  expect(feed.statusCode, feed.body).toBe(201);
  const staffEmail = uniqueEmail('invitada');
  const invited = await ctx.request({
    method: 'POST',
    url: `${base(f.clubId)}/invitations`,
    token: owner.token,
    body: { email: staffEmail, role_id: await roleIdOf(ctx, 'Entrenador') },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const child = await addChild(ctx, owner.token, f.clubId, { name: 'Sofía' });
  const guardian = await invitedGuardian(ctx, owner.token, {
    club_id: f.clubId,
    player_ids: [child],
    email: uniqueEmail('acudiente'),
  });
  return {
    owner,
    clubId: f.clubId,
    tokens: {
      receipt: new URL(receipt.json<{ data: { url: string } }>().data.url).pathname
        .split('/')
        .at(-1)!,
      feed: /\/api\/calendar-feeds\/([A-Za-z0-9_-]+)\.ics$/.exec(
        feed.json<{ url: string }>().url,
      )![1]!,
      invitation: invitationLinkFrom(ctx.mailer.lastTo(staffEmail)!.text).token,
      guardian,
    },
  };
}
