import { eq } from 'drizzle-orm';
import { chargeMessages } from '../../../contract/charges.schema';
import { frequencies } from '../../db/schema/reference';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/sql-state';
import type { Tx } from '../people/people.service';

/* The rules of a charge that need the database: its name, its frequency and due date. */

export const onField = (status: number, path: string, message: string) =>
  new AppError(status, message, { errors: [{ path, message }] });

/** Runs a write and turns the (club, lower(name)) unique violation into the Spanish 409. */
export async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'charges_club_name_unique'))
      throw onField(409, 'name', chargeMessages.duplicateName);
    throw error;
  }
}

export interface Due {
  frequencyId: number;
  dueDay: number | null | undefined;
  dueDate: string | null | undefined;
  validFrom: string;
  validUntil: string | null;
}

/**
 * The frequency must exist (422); a one-off one (months null) needs a due date, a
 * recurring one a due day (400 on the field). Answers the due fields to store: only the
 * one the frequency uses.
 */
export async function checkDue(tx: Tx, due: Due) {
  const [frequency] = await tx
    .select({ months: frequencies.months })
    .from(frequencies)
    .where(eq(frequencies.id, due.frequencyId));
  if (!frequency) throw onField(422, 'frequency_id', chargeMessages.noFrequency);
  if (due.validUntil !== null && due.validUntil < due.validFrom) {
    throw onField(400, 'valid_until', chargeMessages.validityBackwards);
  }
  if (frequency.months === null) {
    if (!due.dueDate) throw onField(400, 'due_date', chargeMessages.dueDateNeeded);
    return { dueDay: null, dueDate: due.dueDate };
  }
  if (!due.dueDay) throw onField(400, 'due_day', chargeMessages.dueDay);
  return { dueDay: due.dueDay, dueDate: null };
}
