import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import type { ClubCreateInput, ClubUpdateInput } from '../../../contract/clubs.schema';
import type { OnboardingStatusData } from '../../../contract/onboarding.schema';
import type { ProfileUpdateStepInput } from '../../../contract/profile.schema';
import { clubsQueryKey, createClub, updateClub } from '../../api/clubs.api';
import { createInvitation } from '../../api/invitations.api';
import { listRoles, rolesQueryKey } from '../../api/roles.api';
import {
  completeOnboarding,
  completeOnboardingStep,
  getOnboardingStatus,
} from '../../api/onboarding.api';
import {
  profileCompletionQueryKey,
  updateProfileStep,
  uploadProfilePhoto,
} from '../../api/profile.api';
import { AuthContext } from '../../app/auth-context';
import { hasRole } from '../../lib/permissions';
import { RequestError } from '../../lib/request-failure';
import { selectClubs, selectPermissions } from '../../machines/auth.selectors';
import type { authMachine } from '../../machines/auth.machine';
import {
  onboardingMachine,
  type SaveStepInput,
  type SaveStepOutput,
} from '../../machines/onboarding.machine';
import { OWNER_ROLE } from '../clubs/club-labels';

type AuthActor = ActorRefFrom<typeof authMachine>;

/** The role the invite step invites as. */
export const TRAINER_ROLE = 'Entrenador';

const NO_CLUB = 'Crea primero tu club en el paso «Tu club»';
const NO_TRAINER_ROLE =
  'No encontramos el rol Entrenador. Puedes invitar después desde Administración.';

/**
 * Reloads the signed-in user. A reload already in flight may carry the old answer, and the
 * auth machine ignores `auth.refreshUser` while one runs: wait for it to end, then ask again.
 */
async function reloadUser(auth: AuthActor): Promise<void> {
  await waitFor(auth, (s) => !s.matches({ authenticated: { user: 'refreshing' } }), {
    timeout: 15_000,
  }).catch(() => {});
  auth.send({ type: 'auth.refreshUser' });
}

/** Selects a club once the reloaded session lists it (the auth machine ignores unknown clubs). */
function selectWhenListed(auth: AuthActor, club: { id: number; name: string }) {
  void waitFor(auth, (s) => selectClubs(s).some(({ id }) => id === club.id), { timeout: 15_000 })
    .then(() => auth.send({ type: 'auth.selectClub', club: { id: club.id, name: club.name } }))
    .catch(() => {});
}

/** Whether the wizard's club is the user's own: created in this visit, or their current club as owner. */
function ownsClub(auth: AuthActor, clubId: number, createdHere: Set<number>): boolean {
  if (createdHere.has(clubId)) return true;
  const snapshot = auth.getSnapshot();
  return (
    snapshot.context.user?.current_club_id === clubId &&
    hasRole(selectPermissions(snapshot), OWNER_ROLE)
  );
}

function requireClub(clubId: number | null): number {
  if (clubId === null) throw new RequestError({ status: null, message: NO_CLUB, fieldErrors: {} });
  return clubId;
}

/** Saves one step's data through the API that owns it; answers the club the wizard works on. */
function stepSaver(auth: AuthActor, queryClient: QueryClient) {
  const createdHere = new Set<number>();
  return async ({ key, values, clubId }: SaveStepInput): Promise<SaveStepOutput> => {
    switch (key) {
      case 'profile':
      case 'document': {
        const saved = await updateProfileStep({
          step: key,
          data: values,
        } as ProfileUpdateStepInput);
        queryClient.setQueryData(profileCompletionQueryKey, saved.completion);
        return { clubId };
      }
      case 'photo': {
        const saved = await uploadProfilePhoto(values.photo as File);
        queryClient.setQueryData(profileCompletionQueryKey, saved.completion);
        return { clubId };
      }
      case 'club': {
        if (clubId !== null && ownsClub(auth, clubId, createdHere)) {
          await updateClub(clubId, values as ClubUpdateInput);
          void reloadUser(auth);
          return { clubId };
        }
        const club = await createClub(values as ClubCreateInput);
        createdHere.add(club.id);
        void queryClient.invalidateQueries({ queryKey: clubsQueryKey });
        // The creator owns the club and it becomes current: reload, then work in it.
        await reloadUser(auth);
        selectWhenListed(auth, club);
        return { clubId: club.id };
      }
      case 'season':
        await updateClub(requireClub(clubId), values as ClubUpdateInput);
        return { clubId };
      case 'invite': {
        const club = requireClub(clubId);
        const roles = await queryClient.fetchQuery({ queryKey: rolesQueryKey, queryFn: listRoles });
        const trainer = roles.find(({ name }) => name === TRAINER_ROLE);
        if (!trainer) {
          throw new RequestError({ status: null, message: NO_TRAINER_ROLE, fieldErrors: {} });
        }
        await createInvitation(club, { email: String(values.email), role_id: trainer.id });
        return { clubId };
      }
    }
  };
}

/**
 * The onboarding machine with the wizard's effects (STYLE.md §2), made once per visit:
 * the status, each step's save and record, the completion, and the reload of the user
 * after it (the route guard then sends them to their dashboard).
 */
export function useOnboardingLogic() {
  const auth = AuthContext.useActorRef();
  const queryClient = useQueryClient();
  const [logic] = useState(() => {
    const saveStep = stepSaver(auth, queryClient);
    return onboardingMachine.provide({
      actors: {
        loadStatus: fromPromise<OnboardingStatusData, void>(() => getOnboardingStatus()),
        saveStep: fromPromise<SaveStepOutput, SaveStepInput>(({ input }) => saveStep(input)),
        recordStep: fromPromise<OnboardingStatusData, number>(({ input }) =>
          completeOnboardingStep(input),
        ),
        complete: fromPromise<OnboardingStatusData, void>(() => completeOnboarding()),
      },
      actions: { refreshSession: () => void reloadUser(auth) },
    });
  });
  return logic;
}
