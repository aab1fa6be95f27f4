import { fromPromise } from 'xstate';
import type { Club, ClubCreateInput, ClubUpdateInput } from '../../contract/clubs.schema';
import type { ClubSummary } from '../../contract/users.schema';
import { confirmActionFor, type ConfirmActionImplementations } from './confirm-action.machine';
import { saveFor, type SaveImplementations } from './save.machine';
import type { Toast } from './toast';

/*
 * The clubs' flows with their effects (STYLE.md §2): the API calls are plain functions
 * described here (machines may not import src/api); src/api/clubs.api.ts's mutations
 * satisfy them, tests pass fakes.
 */

/** The club the archive confirmation is about: enough to name it and to call the server. */
export type ClubToArchive = Pick<Club, 'id' | 'name'>;

/** Archiving a club from the list: always asked first. */
export const clubArchiveMachine = confirmActionFor<ClubToArchive, Club>();

export interface ClubArchiveDeps {
  /** `POST /api/pla_club_teams/{id}/archive`; refreshes the list and the session. */
  archiveClub: (id: number) => Promise<Club>;
  toast: Toast;
}

export function createClubArchiveImplementations(deps: ClubArchiveDeps) {
  return {
    actors: {
      run: fromPromise<Club, { subject: ClubToArchive }>(({ input }) =>
        deps.archiveClub(input.subject.id),
      ),
    },
    actions: {
      notifyDone: () => deps.toast('Club archivado'),
      notifyRefused: (_, { message }) => deps.toast(message, { variant: 'destructive' }),
    },
  } satisfies ConfirmActionImplementations<ClubToArchive, Club>;
}

/** The form's values as react-hook-form hands them over (already checked with the contract). */
export type ClubFormValues = Record<string, unknown>;

/** The create/edit club form: saved once at a time, it stays open to be saved again. */
export const clubFormMachine = saveFor<never, ClubFormValues, Club>();

/** How the club form is used: a page, not a dialog; after a save it stays editable. */
export const CLUB_FORM_OPTIONS = { dialog: false, afterSave: 'edit' } as const;

export interface ClubFormDeps {
  /** The club being edited; null creates one. */
  club: Club | null;
  createClub: (values: ClubCreateInput) => Promise<Club>;
  updateClub: (values: ClubUpdateInput) => Promise<Club>;
  /** The user works in the club just created (the auth machine's `auth.clubJoined`). */
  joinClub: (club: ClubSummary) => void;
  /** Goes to the list of clubs. */
  showClubs: () => void;
  toast: Toast;
}

/** After a create: toast, work in the new club, go to the list; after an edit: toast and stay. */
export function createClubFormImplementations(deps: ClubFormDeps) {
  const { club } = deps;
  return {
    actors: {
      save: fromPromise<Club, { subject: never | null; values: ClubFormValues }>(({ input }) =>
        club
          ? deps.updateClub(input.values as ClubUpdateInput)
          : deps.createClub(input.values as ClubCreateInput),
      ),
    },
    actions: {
      notifySaved: (_, { output }) => {
        if (club) {
          deps.toast('Cambios guardados');
          return;
        }
        deps.toast('Club creado');
        deps.joinClub({ id: output.id, name: output.name });
        deps.showClubs();
      },
    },
  } satisfies SaveImplementations<never, ClubFormValues, Club>;
}
