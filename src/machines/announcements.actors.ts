import { fromPromise } from 'xstate';
import {
  type Announcement,
  type AnnouncementCreateInput,
  type SystemAlertCreateInput,
  announcementMessages,
} from '../../contract/announcements.schema';
import { saveFor, type SaveImplementations } from './save.machine';
import type { Toast } from './toast';

/*
 * 'Enviar anuncio' (issue #13 item 2) with its effects (STYLE.md §2): the dialog saves
 * once through the generic save machine; the API calls are plain functions given here
 * (src/api/announcements.api.ts's mutations satisfy them, tests pass fakes).
 */

/** Who it goes to: this club's chosen audience, or (super admin) every club as a system alert. */
export type AnnouncementTarget = 'club' | 'platform';

/** The dialog's values: the contract's announcement plus its target. */
export type AnnouncementValues = AnnouncementCreateInput & { to: AnnouncementTarget };

/** The dialog opens on nothing to edit, sends once and closes. */
export const announcementDialogMachine = saveFor<null, AnnouncementValues, Announcement>();

export const ANNOUNCEMENT_DIALOG_OPTIONS = { dialog: true, afterSave: 'close' } as const;

export interface AnnouncementDialogDeps {
  sendAnnouncement: (values: AnnouncementCreateInput) => Promise<Announcement>;
  sendSystemAlert: (values: SystemAlertCreateInput) => Promise<Announcement>;
  toast: Toast;
  /** Once sent: the dialog's owner closes it. */
  onSent: (announcement: Announcement) => void;
}

export function createAnnouncementDialogImplementations(deps: AnnouncementDialogDeps) {
  return {
    actors: {
      save: fromPromise<Announcement, { subject: null; values: AnnouncementValues }>(
        ({ input: { values } }) => {
          const { to, roles: _roles, category_ids: _categories, ...alert } = values;
          const { to: _to, ...announcement } = values;
          return to === 'platform'
            ? deps.sendSystemAlert(alert)
            : deps.sendAnnouncement(announcement);
        },
      ),
    },
    actions: {
      notifySaved: (_, { output }) => {
        deps.toast(announcementMessages.sent(output.recipients));
        deps.onSent(output);
      },
    },
  } satisfies SaveImplementations<null, AnnouncementValues, Announcement>;
}
