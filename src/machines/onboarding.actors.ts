import { fromPromise } from 'xstate';
import type { ClubCreateInput, ClubUpdateInput } from '../../contract/clubs.schema';
import type { OnboardingStatusData, OnboardingStepKey } from '../../contract/onboarding.schema';
import type { PhotoConsentInput } from '../../contract/parents.schema';
import type { MedicalDataInput } from '../../contract/medical-data.schema';
import type { ProfileCompletion, ProfileUpdateStepInput } from '../../contract/profile.schema';
import type { ClubSummary } from '../../contract/users.schema';
import { RequestError } from '../lib/request-failure';
import type { onboardingMachine, SaveStepInput, SaveStepOutput } from './onboarding.machine';

/**
 * The calls the onboarding wizard makes, described here (machines may not import src/api);
 * src/api's onboarding, profile, clubs and invitations modules satisfy it, tests pass fakes.
 * Every method rejects with a RequestError when the call fails.
 */
export interface OnboardingApi {
  getStatus(): Promise<OnboardingStatusData>;
  /** Marks a 1-based step of the user's flow as done. */
  recordStep(step: number): Promise<OnboardingStatusData>;
  complete(): Promise<OnboardingStatusData>;
  updateProfileStep(input: ProfileUpdateStepInput): Promise<{ completion: ProfileCompletion }>;
  uploadPhoto(photo: File): Promise<{ completion: ProfileCompletion }>;
  createClub(values: ClubCreateInput): Promise<ClubSummary>;
  updateClub(id: number, values: ClubUpdateInput): Promise<unknown>;
  /** Invites by the stable invitation type, which the server resolves to its role. */
  invite(clubId: number, body: { email: string; type: 'trainer' }): Promise<unknown>;
  /** An adult player's own health and emergency data in their working club. */
  updateMedical(values: MedicalDataInput): Promise<unknown>;
  /** A guardian's photo consent for one child in one channel. */
  setPhotoConsent(childId: number, body: PhotoConsentInput): Promise<unknown>;
}

/** The authorization step's values: each consent the guardian changed, by child. */
export interface PhotoConsentChoice extends PhotoConsentInput {
  player_id: number;
}

/** What the wizard tells the rest of the app after a save (caches, the signed-in session). */
export interface OnboardingEffects {
  profileCompletionChanged(completion: ProfileCompletion): void;
  /** A club was created: the list of clubs is stale, the session must learn of the club. */
  clubJoined(club: ClubSummary): void;
  /** The user's club or onboarding changed: reload the signed-in user. */
  userChanged(): void;
}

const NO_CLUB = 'Crea primero tu club en el paso «Tu club»';

function requireClub(clubId: number | null): number {
  if (clubId === null) throw new RequestError({ status: null, message: NO_CLUB, fieldErrors: {} });
  return clubId;
}

type StepSave = (input: SaveStepInput) => Promise<SaveStepOutput>;

/** Which call saves which step (the wizard's rule, as data); each answers the club it works on. */
function stepSaves(
  api: OnboardingApi,
  effects: OnboardingEffects,
): Record<OnboardingStepKey, StepSave> {
  const profileStep: StepSave = async ({ key, values, clubId }) => {
    const saved = await api.updateProfileStep({
      step: key,
      data: values,
    } as ProfileUpdateStepInput);
    effects.profileCompletionChanged(saved.completion);
    return { clubId };
  };
  return {
    profile: profileStep,
    document: profileStep,
    photo: async ({ values, clubId }) => {
      const saved = await api.uploadPhoto(values.photo as File);
      effects.profileCompletionChanged(saved.completion);
      return { clubId };
    },
    // The user's own club is updated; otherwise they open one and become its owner.
    club: async ({ values, clubId, ownsClub }) => {
      if (clubId !== null && ownsClub) {
        await api.updateClub(clubId, values as ClubUpdateInput);
        effects.userChanged();
        return { clubId };
      }
      const club = await api.createClub(values as ClubCreateInput);
      effects.clubJoined({ id: club.id, name: club.name });
      return { clubId: club.id };
    },
    season: async ({ values, clubId }) => {
      await api.updateClub(requireClub(clubId), values as ClubUpdateInput);
      return { clubId };
    },
    invite: async ({ values, clubId }) => {
      await api.invite(requireClub(clubId), { email: String(values.email), type: 'trainer' });
      return { clubId };
    },
    // The guardian reads their children here; the step saves nothing.
    children: async ({ clubId }) => ({ clubId }),
    // One call per changed consent, in order; a refusal stops the step on its message.
    authorization: async ({ values, clubId }) => {
      const choices = (values.consents as PhotoConsentChoice[] | undefined) ?? [];
      for (const { player_id, ...body } of choices) await api.setPhotoConsent(player_id, body);
      return { clubId };
    },
    medical: async ({ values, clubId }) => {
      await api.updateMedical(values as MedicalDataInput);
      return { clubId };
    },
  };
}

type OnboardingImplementations = Parameters<typeof onboardingMachine.provide>[0];

/** The onboarding machine's actors on top of the API (and what a save tells the app). */
export function createOnboardingActors(api: OnboardingApi, effects: OnboardingEffects) {
  const saves = stepSaves(api, effects);
  return {
    loadStatus: fromPromise<OnboardingStatusData, void>(() => api.getStatus()),
    saveStep: fromPromise<SaveStepOutput, SaveStepInput>(({ input }) => saves[input.key](input)),
    recordStep: fromPromise<OnboardingStatusData, number>(({ input }) => api.recordStep(input)),
    complete: fromPromise<OnboardingStatusData, void>(() => api.complete()),
  } satisfies OnboardingImplementations['actors'];
}

/** The onboarding machine's effect actions: after completing, the user is reloaded. */
export function createOnboardingActions(effects: Pick<OnboardingEffects, 'userChanged'>) {
  return {
    refreshSession: () => effects.userChanged(),
  } satisfies OnboardingImplementations['actions'];
}
