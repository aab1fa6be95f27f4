import { useState } from 'react';
import type { Announcement } from '../../../contract/announcements.schema';
import { useSendAnnouncement, useSendSystemAlert } from '../../api/announcements.api';
import { toast } from '../../components/toaster';
import {
  announcementDialogMachine,
  createAnnouncementDialogImplementations,
} from '../../machines/announcements.actors';

/*
 * 'Enviar anuncio' with this app's dependencies, made once per dialog (STYLE.md §2); what
 * it does is in src/machines/announcements.actors.ts.
 */

/** The save machine sending to club `clubId` (or, for the super admin, every club). */
export function useAnnouncementDialogLogic(
  clubId: number,
  onSent: (announcement: Announcement) => void,
) {
  const send = useSendAnnouncement(clubId);
  const alert = useSendSystemAlert();
  const [logic] = useState(() =>
    announcementDialogMachine.provide(
      createAnnouncementDialogImplementations({
        sendAnnouncement: (values) => send.mutateAsync(values),
        sendSystemAlert: (values) => alert.mutateAsync(values),
        toast,
        onSent,
      }),
    ),
  );
  return logic;
}
