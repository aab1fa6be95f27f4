import { eq } from 'drizzle-orm';
import type { ClubSettings } from '../../../contract/club-settings.schema';
import { clubMessages } from '../../../contract/clubs.schema';
import type { Db } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';

const columns = {
  non_billing_months: clubs.nonBillingMonths,
  payment_reminder_offsets: clubs.paymentReminderOffsets,
};

/**
 * A club's billing settings (issue #17, 'Configuración'): months without billing (the
 * payment generator skips them) and the payment reminders' offsets.
 */
export function createClubSettingsService({ db, clock }: { db: Db; clock: Clock }) {
  /** The club's settings; 404 for a club that does not exist. */
  async function read(clubId: number): Promise<ClubSettings> {
    const [row] = await db.select(columns).from(clubs).where(eq(clubs.id, clubId));
    if (!row) throw new AppError(404, clubMessages.notFound);
    return row;
  }

  return {
    read,

    /** Changes the fields sent (none: nothing) and answers the settings as they are. */
    async update(clubId: number, input: Partial<ClubSettings>): Promise<ClubSettings> {
      const { non_billing_months: months, payment_reminder_offsets: offsets } = input;
      if (months !== undefined || offsets !== undefined) {
        await db
          .update(clubs)
          .set({
            ...(months !== undefined ? { nonBillingMonths: months } : {}),
            ...(offsets !== undefined ? { paymentReminderOffsets: offsets } : {}),
            updatedAt: clock.now(),
          })
          .where(eq(clubs.id, clubId));
      }
      return read(clubId);
    },
  };
}

export type ClubSettingsService = ReturnType<typeof createClubSettingsService>;
