import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { clubs } from '../db/schema/clubs';
import type { AppError } from '../lib/app-error';

/*
 * The public doors into a club's data: what opens with a token and no session (a receipt
 * link, a calendar feed, a staff or guardian invitation, the guardian registration). While
 * a super admin keeps the club suspended (POST /api/admin/clubs/{id}/suspend) every one of
 * them answers like an unknown token — the same 404, so a link reveals nothing about the
 * club — and they open again once it is reactivated. Signed-in members are refused by the
 * club guard (423) instead; this is the check for the doors the guard never sees.
 */

/** Whether club `clubId` opens its public doors: it exists and is not suspended. */
export async function clubDoorsOpen(db: Pick<Db, 'select'>, clubId: number): Promise<boolean> {
  const [club] = await db
    .select({ id: clubs.id })
    .from(clubs)
    .where(and(eq(clubs.id, clubId), isNull(clubs.suspendedAt)));
  return club !== undefined;
}

/** Throws `refused` (the door's own 404) unless club `clubId` opens its public doors. */
export async function assertClubDoorsOpen(db: Db, clubId: number, refused: AppError) {
  if (!(await clubDoorsOpen(db, clubId))) throw refused;
}
