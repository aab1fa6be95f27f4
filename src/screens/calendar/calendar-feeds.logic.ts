import { useState } from 'react';
import { useCreateCalendarFeed, useRevokeCalendarFeed } from '../../api/calendar-feeds.api';
import { toast } from '../../components/toaster';
import {
  calendarFeedCreateMachine,
  calendarFeedRevokeMachine,
  createCalendarFeedCreateImplementations,
  createCalendarFeedRevokeImplementations,
} from '../../machines/calendar-feeds.actors';

/*
 * 'Suscribirse al calendario' machines with the screen's dependencies, each made once
 * (STYLE.md §2); what they do is in src/machines/calendar-feeds.actors.ts.
 */

/** The dialog: choose a calendar, 'Crear enlace', then the URL shown once. */
export function useCalendarFeedCreateLogic(clubId: number) {
  const create = useCreateCalendarFeed(clubId);
  const [logic] = useState(() =>
    calendarFeedCreateMachine.provide(
      createCalendarFeedCreateImplementations({
        createFeed: (values) => create.mutateAsync(values),
        toast,
      }),
    ),
  );
  return logic;
}

/** 'Revocar' on one of the person's feeds. */
export function useCalendarFeedRevokeLogic(clubId: number) {
  const revoke = useRevokeCalendarFeed(clubId);
  const [logic] = useState(() =>
    calendarFeedRevokeMachine.provide(
      createCalendarFeedRevokeImplementations({
        revokeFeed: (feedId) => revoke.mutateAsync(feedId),
        toast,
      }),
    ),
  );
  return logic;
}
