import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { fromPromise, waitFor } from 'xstate';
import type { Club } from '../../../contract/clubs.schema';
import { useCreateClub, useUpdateClub } from '../../api/clubs.api';
import { AuthContext } from '../../app/auth-context';
import { selectClubs } from '../../machines/auth.selectors';
import { clubFormMachine, type ClubFormValues } from '../../machines/club-form.machine';

export const CLUB_LIST_PATH = '/home/club-team';

/**
 * Waits for the reloaded session (`auth.refreshUser`, sent by the create mutation) to list
 * the new club, then selects it: the auth machine ignores a club it does not know yet.
 */
function useSelectWhenListed() {
  const auth = AuthContext.useActorRef();
  return (club: Club) =>
    void waitFor(auth, (snapshot) => selectClubs(snapshot).some(({ id }) => id === club.id), {
      timeout: 15_000,
    })
      .then(() => auth.send({ type: 'auth.selectClub', club: { id: club.id, name: club.name } }))
      .catch(() => {});
}

/**
 * The club-form machine with this form's effects (STYLE.md §2), made once per form: save
 * through the clubs API; after a create, toast, select the new club and go to the list;
 * after an edit, toast and stay.
 */
export function useClubFormLogic(club: Club | null) {
  const create = useCreateClub();
  const update = useUpdateClub(club?.id ?? 0);
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const selectWhenListed = useSelectWhenListed();
  const [logic] = useState(() =>
    clubFormMachine.provide({
      actors: {
        save: fromPromise<Club, ClubFormValues>(({ input }) =>
          club ? update.mutateAsync(input) : create.mutateAsync(input as never),
        ),
      },
      actions: {
        notifySaved: (_, { club: saved }) => {
          if (club) {
            enqueueSnackbar('Cambios guardados');
            return;
          }
          enqueueSnackbar('Club creado');
          selectWhenListed(saved);
          void navigate(CLUB_LIST_PATH);
        },
      },
    }),
  );
  return logic;
}
