import type { SessionChange } from '../notifications/calendar-notices.text';
import type { CalendarNotices } from '../notifications/calendar-notices';
import type { NotifyResult } from '../notifications/notify';
import type { Db } from '../../db/client';
import { sessionAudience } from './session-audience';

/*
 * The calendar's writes tell the people a session concerns (issue #14 item 3) through the
 * notifications issue's generators, inside the write's transaction; the caller runs
 * `dispatch()` on the answer after commit. The person who made the change is not told.
 */

/** The session a notice names. */
export interface NoticeSubject {
  id: number;
  title: string;
  startsAt: Date;
  location: string | null;
}

const nothing: NotifyResult = { created: 0, mails: [], dispatch: () => undefined };

/** Everyone the sessions of `categoryIds` (null: club-wide) concern, but `actorId`. */
export async function audienceOf(
  executor: Db,
  clubId: number,
  categoryIds: readonly (number | null)[],
  actorId: number,
): Promise<number[]> {
  const people = new Set<number>();
  for (const categoryId of new Set(categoryIds)) {
    for (const id of await sessionAudience(executor, clubId, categoryId)) people.add(id);
  }
  people.delete(actorId);
  return [...people];
}

/**
 * One training_update about `session` to the people of `categoryIds`: 'moved' when its
 * start changed from `previousStartsAt`, 'changed' or 'cancelled' as `change` says.
 */
export async function tellChange(
  executor: Db,
  notices: CalendarNotices,
  input: {
    clubId: number;
    actorId: number;
    categoryIds: readonly (number | null)[];
    session: NoticeSubject | undefined;
    change: SessionChange;
    previousStartsAt?: Date | null;
  },
): Promise<NotifyResult> {
  if (!input.session) return nothing;
  const recipients = await audienceOf(executor, input.clubId, input.categoryIds, input.actorId);
  if (recipients.length === 0) return nothing;
  return notices.trainingUpdate(executor, {
    clubId: input.clubId,
    recipients,
    session: input.session,
    change: input.change,
    previousStartsAt: input.previousStartsAt ?? null,
  });
}
