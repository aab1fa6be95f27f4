import { asc, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema/access';
import { categories } from '../../db/schema/categories';
import { clubs } from '../../db/schema/clubs';
import { clubMemberships } from '../../db/schema/memberships';
import { platformConsents } from '../../db/schema/consents';
import { charges } from '../../db/schema/money';
import { notificationPreferences, notifications } from '../../db/schema/notifications';
import { dataConsents, guardianLinks } from '../../db/schema/parents';
import { payments } from '../../db/schema/payments';
import { players } from '../../db/schema/players';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { byName } from '../../lib/list-query';
import { messages } from '../../lib/error-handler';
import { recordAudit } from '../audit-log/record-audit';
import { profileOf } from '../profile/profile.service';

/**
 * `GET /api/account/export`: what the platform holds about the person, as they may see
 * it — profile, memberships, player records, their own payments, their links as a
 * guardian (club, child's name, status, primary; not the children's data, which is the
 * children's own export: kept small on purpose), the data-processing consents they
 * accepted (each club's, and the platform's terms and authorisation of the sign-up), their notifications and preferences. Never a password hash nor any token. Personal data
 * leaving the platform is audited: the row is written before the data is answered, so a
 * failed write sends nothing.
 */
export async function exportAccount(
  db: Db,
  userId: number,
  exportedAt: Date,
  ip: string | null = null,
) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(404, messages.notFound);

  const memberships = await db
    .select({
      club_id: clubs.id,
      club: clubs.name,
      role: roles.name,
      since: clubMemberships.createdAt,
    })
    .from(clubMemberships)
    .innerJoin(clubs, eq(clubs.id, clubMemberships.clubId))
    .innerJoin(roles, eq(roles.id, clubMemberships.roleId))
    .where(eq(clubMemberships.userId, userId))
    .orderBy(asc(clubs.name), asc(roles.priority));

  const playerRecords = await db
    .select({
      club: clubs.name,
      category: categories.name,
      status: players.status,
      in_club: players.inClub,
      position: players.position,
      dominant_foot: players.dominantFoot,
      jersey_number: players.jerseyNumber,
      enrollment_date: players.enrollmentDate,
      payment_modality: players.paymentModality,
      eps: players.eps,
      blood_type: players.bloodType,
      allergies: players.allergies,
      emergency_contact_name: players.emergencyContactName,
      emergency_contact_phone: players.emergencyContactPhone,
      guardian_name: players.guardianName,
      guardian_phone: players.guardianPhone,
      guardian_email: players.guardianEmail,
      guardian_relationship: players.guardianRelationship,
    })
    .from(players)
    .innerJoin(clubs, eq(clubs.id, players.clubId))
    .leftJoin(categories, eq(categories.id, players.categoryId))
    .where(eq(players.userId, userId))
    .orderBy(asc(clubs.name));

  const ownPayments = await db
    .select({
      id: payments.id,
      club: clubs.name,
      charge: charges.name,
      period: payments.period,
      due_date: payments.dueDate,
      amount_due: payments.amountDue,
      amount_paid: payments.amountPaid,
      discount_amount: payments.discountAmount,
      status: payments.status,
      currency: clubs.currency,
    })
    .from(payments)
    .innerJoin(clubs, eq(clubs.id, payments.clubId))
    .innerJoin(charges, eq(charges.id, payments.chargeId))
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.dueDate), desc(payments.id));

  const child = alias(users, 'export_child');
  const guardianOf = await db
    .select({
      club: clubs.name,
      player_name: child.name,
      player_lastname: child.lastname,
      status: guardianLinks.status,
      is_primary: guardianLinks.isPrimary,
      created_at: guardianLinks.createdAt,
      decided_at: guardianLinks.decidedAt,
    })
    .from(guardianLinks)
    .innerJoin(clubs, eq(clubs.id, guardianLinks.clubId))
    .innerJoin(child, eq(child.id, guardianLinks.playerId))
    .where(eq(guardianLinks.guardianId, userId))
    .orderBy(asc(byName(clubs.name)), asc(byName(child.lastname)), asc(byName(child.name)));

  const consents = await db
    .select({
      club: clubs.name,
      version: dataConsents.version,
      accepted_at: dataConsents.acceptedAt,
      ip: dataConsents.ip,
      user_agent: dataConsents.userAgent,
    })
    .from(dataConsents)
    .innerJoin(clubs, eq(clubs.id, dataConsents.clubId))
    .where(eq(dataConsents.userId, userId))
    .orderBy(asc(dataConsents.acceptedAt), asc(dataConsents.id));

  // What they accepted from the platform itself at sign-up (terms, data processing).
  const platformConsentRows = await db
    .select({
      kind: platformConsents.kind,
      version: platformConsents.version,
      accepted_at: platformConsents.acceptedAt,
      ip: platformConsents.ip,
      user_agent: platformConsents.userAgent,
    })
    .from(platformConsents)
    .where(eq(platformConsents.userId, userId))
    .orderBy(asc(platformConsents.acceptedAt), asc(platformConsents.id));

  const ownNotifications = await db
    .select({
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
      created_at: notifications.createdAt,
      read_at: notifications.readAt,
      archived_at: notifications.archivedAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id));

  const preferences = await db
    .select({ type: notificationPreferences.type, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));

  await recordAudit(db, {
    actorUserId: userId,
    action: 'account.data_exported',
    targetType: 'user',
    targetId: userId,
    ip,
    at: exportedAt,
  });
  return {
    exported_at: exportedAt.toISOString(),
    account: { id: user.id, created_at: user.createdAt.toISOString(), status: user.status },
    profile: profileOf(user),
    memberships,
    player_records: playerRecords,
    payments: ownPayments,
    guardian_of: guardianOf,
    data_consents: consents,
    platform_consents: platformConsentRows,
    notifications: ownNotifications,
    notification_email_preferences: preferences,
  };
}
