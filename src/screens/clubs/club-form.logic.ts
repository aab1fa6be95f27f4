import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Club } from '../../../contract/clubs.schema';
import { useCreateClub, useUpdateClub } from '../../api/clubs.api';
import { AuthContext } from '../../app/auth-context';
import { clubFormMachine, createClubFormImplementations } from '../../machines/clubs.actors';
import { CLUB_LIST_PATH } from './club-labels';
import { toast } from '../../components/toaster';

/** The club form's machine with this page's dependencies, made once per form (STYLE.md §2). */
export function useClubFormLogic(club: Club | null) {
  const auth = AuthContext.useActorRef();
  const refreshUser = () => auth.send({ type: 'auth.refreshUser' });
  const create = useCreateClub(refreshUser);
  const update = useUpdateClub(club?.id ?? 0, refreshUser);
  const navigate = useNavigate();
  const [logic] = useState(() =>
    clubFormMachine.provide(
      createClubFormImplementations({
        club,
        createClub: (values) => create.mutateAsync(values),
        updateClub: (values) => update.mutateAsync(values),
        joinClub: (joined) => auth.send({ type: 'auth.clubJoined', club: joined }),
        showClubs: () => void navigate(CLUB_LIST_PATH),
        toast,
      }),
    ),
  );
  return logic;
}
