import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { calendarFeedMessages } from '../../contract/calendar-feeds.schema';
import { invitationMessages } from '../../contract/invitations.schema';
import { receiptMessages } from '../../contract/receipts.schema';
import { invitations } from '../../server/db/schema/invitations';
import { users } from '../../server/db/schema/users';
import { superAdmin } from './support/clubs';
import { NEW_GUARDIAN, register } from './support/guardian-invitations';
import { type PublicDoors, clubWithPublicDoors } from './support/public-doors';
import { describeEachDatabase } from './support/test-app';

/*
 * Issue #33 item 6: a suspended club is closed everywhere. Its public doors — receipt
 * links, calendar feeds, staff and guardian invitations, the guardian registration —
 * answer the same 404 as an unknown token while a super admin keeps it suspended, change
 * nothing, and open again once it is reactivated.
 */

describeEachDatabase('A suspended club closes its public doors', (ctx) => {
  let doors: PublicDoors;
  let admin: { token: string };

  const act = (action: 'suspend' | 'reactivate') =>
    ctx.request({
      method: 'POST',
      url: `/api/admin/clubs/${doors.clubId}/${action}`,
      token: admin.token,
      ...(action === 'suspend' ? { body: { reason: 'Falta de pago' } } : {}),
    });
  const get = (url: string) => ctx.request({ method: 'GET', url });
  const receipt = () => get(`/api/public/receipts/${doors.tokens.receipt}`);
  const feed = () => get(`/api/calendar-feeds/${doors.tokens.feed}.ics`);
  const invitation = () => get(`/api/invitations/${doors.tokens.invitation}`);
  const guardianInvitation = () => get(`/api/invitations/${doors.tokens.guardian}`);
  const expectGone = (response: { statusCode: number; json: () => unknown }, message: string) => {
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message });
  };

  beforeAll(async () => {
    doors = await clubWithPublicDoors(ctx);
    admin = await superAdmin(ctx);
  });

  it('opens every door while the club is active', async () => {
    expect((await receipt()).statusCode).toBe(200);
    expect((await feed()).statusCode).toBe(200);
    expect((await invitation()).statusCode).toBe(200);
    expect((await guardianInvitation()).statusCode).toBe(200);
  });

  it('answers 404 on every door while suspended, changes nothing, and opens them again on reactivation', async () => {
    const suspended = await act('suspend');
    expect(suspended.statusCode, suspended.body).toBe(200);

    expectGone(await receipt(), receiptMessages.publicNotFound);
    expectGone(await feed(), calendarFeedMessages.notFound);
    expectGone(await invitation(), invitationMessages.notFound);
    expectGone(await guardianInvitation(), invitationMessages.notFound);
    const rejected = await ctx.request({
      method: 'POST',
      url: `/api/invitations/${doors.tokens.invitation}/reject`,
    });
    expectGone(rejected, invitationMessages.notFound);
    const accepted = await ctx.request({
      method: 'POST',
      url: `/api/invitations/${doors.tokens.invitation}/accept`,
      body: {
        name: 'Irene',
        lastname: 'Invitada',
        password: 'Secreta123',
        password_confirmation: 'Secreta123',
      },
    });
    expectGone(accepted, invitationMessages.notFound);
    const registered = await register(ctx, doors.tokens.guardian);
    expectGone(registered, invitationMessages.notFound);
    // Nothing was answered and no account was made behind the closed doors.
    const pending = await ctx.db
      .select({ status: invitations.status })
      .from(invitations)
      .where(eq(invitations.clubId, doors.clubId));
    expect(pending.map((row) => row.status)).toEqual(['pending', 'pending']);
    const irene = await ctx.db.select().from(users).where(eq(users.lastname, 'Invitada'));
    expect(irene).toHaveLength(0);

    const reactivated = await act('reactivate');
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    const pdf = await receipt();
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const ics = await feed();
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain('BEGIN:VCALENDAR');
    expect((await invitation()).statusCode).toBe(200);
    const guardian = await register(ctx, doors.tokens.guardian, NEW_GUARDIAN);
    expect(guardian.statusCode, guardian.body).toBe(200);
  });
});
