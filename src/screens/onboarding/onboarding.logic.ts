import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createClub, updateClub } from '../../api/clubs.api';
import { createInvitation } from '../../api/invitations.api';
import { savePhotoConsent } from '../../api/parents.api';
import {
  completeOnboarding,
  completeOnboardingStep,
  getOnboardingStatus,
} from '../../api/onboarding.api';
import {
  profileCompletionQueryKey,
  updateMedicalData,
  updateProfileStep,
  uploadProfilePhoto,
} from '../../api/profile.api';
import { AuthContext } from '../../app/auth-context';
import { selectOwnedCurrentClubId } from '../../machines/auth.selectors';
import {
  createOnboardingActions,
  createOnboardingActors,
  type OnboardingApi,
  type OnboardingEffects,
} from '../../machines/onboarding.actors';
import { onboardingMachine } from '../../machines/onboarding.machine';
import { refreshAfter } from '../../api/refresh';

/** The wizard's calls: the API modules that own each resource. */
const onboardingApi: OnboardingApi = {
  getStatus: getOnboardingStatus,
  recordStep: completeOnboardingStep,
  complete: completeOnboarding,
  updateProfileStep,
  uploadPhoto: uploadProfilePhoto,
  createClub,
  updateClub,
  invite: createInvitation,
  updateMedical: updateMedicalData,
  setPhotoConsent: savePhotoConsent,
};

/**
 * The onboarding machine with the wizard's effects (STYLE.md §2), made once per visit,
 * and its input: the club the user owns when the visit starts (the machine decides from it
 * whether the club step creates or updates).
 */
export function useOnboardingLogic() {
  const auth = AuthContext.useActorRef();
  const queryClient = useQueryClient();
  const [wizard] = useState(() => {
    const effects: OnboardingEffects = {
      profileCompletionChanged: (completion) =>
        queryClient.setQueryData(profileCompletionQueryKey, completion),
      clubJoined: (club) => {
        void refreshAfter(queryClient, { resource: 'club', clubId: club.id });
        auth.send({ type: 'auth.clubJoined', club });
      },
      userChanged: () => auth.send({ type: 'auth.refreshUser' }),
    };
    return {
      logic: onboardingMachine.provide({
        actors: createOnboardingActors(onboardingApi, effects),
        actions: createOnboardingActions(effects),
      }),
      input: { ownedClubId: selectOwnedCurrentClubId(auth.getSnapshot()) },
    };
  });
  return wizard;
}
