import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { Club } from '../../../contract/clubs.schema';
import { useArchiveClub } from '../../api/clubs.api';
import { clubArchiveMachine, type ClubToArchive } from '../../machines/club-archive.machine';

/**
 * The archive machine with the list's effects (STYLE.md §2), made once: archive through
 * the clubs API (which refreshes the list and the session), toast the outcome.
 */
export function useClubArchiveLogic() {
  const archive = useArchiveClub();
  const { enqueueSnackbar } = useSnackbar();
  const [logic] = useState(() =>
    clubArchiveMachine.provide({
      actors: {
        archive: fromPromise<Club, ClubToArchive>(({ input }) => archive.mutateAsync(input.id)),
      },
      actions: {
        notifyArchived: () => enqueueSnackbar('Club archivado'),
        notifyRefused: (_, { message }) => enqueueSnackbar(message, { variant: 'destructive' }),
      },
    }),
  );
  return logic;
}
