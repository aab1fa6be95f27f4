import { expect } from 'vitest';
import { DATA_POLICY_VERSION, type GuardianLinkStatus } from '../../../contract/parents.schema';
import { guardianLinks } from '../../../server/db/schema/parents';
import { addMembership, createClub } from './clubs';
import { invitationLinkFrom } from './members';
import { type TestContext, registerUser } from './test-app';

/* Guardian invitations, registrations and links for the parents API tests (issue #15). */

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The account fields and the consent of a guardian registering without an account. */
export const NEW_GUARDIAN = {
  name: 'Gloria',
  lastname: 'Acudiente',
  password: 'ClaveNueva2025',
  password_confirmation: 'ClaveNueva2025',
  accept_data_policy: true,
  data_policy_version: DATA_POLICY_VERSION,
};

/** A club owned by a new account. */
export async function familyClub(ctx: TestContext, name = 'Club de Familias') {
  const owner = await registerUser(ctx, { name: 'Olga', lastname: 'Dueña' });
  const club = await createClub(ctx, owner.token, { name });
  return { owner, club };
}

let documents = 1_200_000_000;

/** A minor added as a player through the API, with the guardian contact typed on them. */
export async function addChild(
  ctx: TestContext,
  token: string,
  clubId: number,
  child: { name: string; lastname?: string; guardianEmail?: string | null },
): Promise<number> {
  const response = await ctx.request({
    method: 'POST',
    url: `/api/pla_club_teams/${clubId}/players`,
    token,
    body: {
      name: child.name,
      lastname: child.lastname ?? 'Pérez',
      document_type: 'TI',
      document_number: String(documents++),
      birth_date: '2014-05-01',
      gender: 'female',
      guardian_name: 'Acudiente',
      guardian_phone: '3001234567',
      guardian_email: child.guardianEmail ?? null,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { id: number } }>().data.id;
}

export const invite = (ctx: TestContext, token: string | undefined, body: unknown) =>
  ctx.request({ method: 'POST', url: '/api/parents/invite', token, body });

/** The invitation token of the newest mail to `email`. */
export function tokenMailedTo(ctx: TestContext, email: string): string {
  const mail = ctx.mailer.lastTo(email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return invitationLinkFrom(mail.text).token;
}

/** Invites the guardian `email` of `playerIds` and returns the token read from the mail. */
export async function invitedGuardian(
  ctx: TestContext,
  ownerToken: string,
  body: { club_id: number; player_ids: number[]; email: string; authorize?: boolean },
): Promise<string> {
  const response = await invite(ctx, ownerToken, body);
  expect(response.statusCode, response.body).toBe(200);
  return tokenMailedTo(ctx, body.email);
}

export const register = (
  ctx: TestContext,
  token: string,
  body: unknown = NEW_GUARDIAN,
  options: { session?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
) =>
  ctx.request({
    method: 'POST',
    url: `/api/parents/register/${token}`,
    token: options.session,
    body,
    headers: options.headers,
    remoteAddress: options.remoteAddress,
  });

/** A new account holding Padre/Acudiente in the club with a link of `status` to `playerId`. */
export async function linkedGuardian(
  ctx: TestContext,
  link: { clubId: number; playerId: number; status: GuardianLinkStatus; isPrimary?: boolean },
) {
  const guardian = await registerUser(ctx, { name: 'Tutor', lastname: link.status });
  await addMembership(ctx, guardian.id, link.clubId, 'Padre/Acudiente');
  await ctx.db.insert(guardianLinks).values({
    clubId: link.clubId,
    playerId: link.playerId,
    guardianId: guardian.id,
    status: link.status,
    isPrimary: link.isPrimary ?? false,
    decidedAt: link.status === 'pending' ? null : ctx.clock.now(),
  });
  return guardian;
}
