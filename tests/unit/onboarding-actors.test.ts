import { describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { ProfileCompletion } from '../../contract/profile.schema';
import {
  createOnboardingActors,
  type OnboardingApi,
  type OnboardingEffects,
} from '../../src/machines/onboarding.actors';
import type { SaveStepInput } from '../../src/machines/onboarding.machine';

const completion: ProfileCompletion = {
  percentage: 60,
  completed_fields: [],
  missing_fields: [],
  required_fields: [],
};

function fakes() {
  const api = {
    getStatus: vi.fn(),
    recordStep: vi.fn(),
    complete: vi.fn(),
    updateProfileStep: vi.fn(async () => ({ completion })),
    uploadPhoto: vi.fn(async () => ({ completion })),
    createClub: vi.fn(async () => ({ id: 12, name: 'Club Los Andes' })),
    updateClub: vi.fn(async () => ({})),
    invite: vi.fn(async () => ({})),
    updateMedical: vi.fn(async () => ({})),
    setPhotoConsent: vi.fn(async () => ({})),
  } satisfies OnboardingApi;
  const effects = {
    profileCompletionChanged: vi.fn(),
    clubJoined: vi.fn(),
    userChanged: vi.fn(),
  } satisfies OnboardingEffects;
  const save = (input: SaveStepInput) =>
    toPromise(createActor(createOnboardingActors(api, effects).saveStep, { input }).start());
  return { api, effects, save };
}

const step = (
  key: SaveStepInput['key'],
  values: Record<string, unknown>,
  clubId: number | null,
  ownsClub = false,
) => ({
  key,
  values,
  clubId,
  ownsClub,
});

describe('the onboarding actors', () => {
  it('saves the profile and document steps through the profile API and caches the completion', async () => {
    const { api, effects, save } = fakes();
    expect(await save(step('document', { document_number: '123' }, null))).toEqual({
      clubId: null,
    });
    expect(api.updateProfileStep).toHaveBeenCalledWith({
      step: 'document',
      data: { document_number: '123' },
    });
    expect(effects.profileCompletionChanged).toHaveBeenCalledWith(completion);
  });

  it('creates a club the user does not own and tells the session it joined it', async () => {
    const { api, effects, save } = fakes();
    expect(await save(step('club', { name: 'Club Los Andes' }, 31, false))).toEqual({ clubId: 12 });
    expect(api.createClub).toHaveBeenCalledWith({ name: 'Club Los Andes' });
    expect(api.updateClub).not.toHaveBeenCalled();
    expect(effects.clubJoined).toHaveBeenCalledWith({ id: 12, name: 'Club Los Andes' });
  });

  it('updates the club the user owns and reloads the user', async () => {
    const { api, effects, save } = fakes();
    expect(await save(step('club', { name: 'Nuevo nombre' }, 31, true))).toEqual({ clubId: 31 });
    expect(api.updateClub).toHaveBeenCalledWith(31, { name: 'Nuevo nombre' });
    expect(api.createClub).not.toHaveBeenCalled();
    expect(effects.userChanged).toHaveBeenCalledOnce();
  });

  it('invites the trainer by the stable type, never by a role name', async () => {
    const { api, save } = fakes();
    await save(step('invite', { email: 'entrenador@demo.club' }, 12));
    expect(api.invite).toHaveBeenCalledWith(12, { email: 'entrenador@demo.club', type: 'trainer' });
  });

  it('refuses the season and invite steps without a club, in Spanish', async () => {
    const { api, save } = fakes();
    await expect(save(step('season', { season_start: '2026-02-01' }, null))).rejects.toMatchObject({
      message: 'Crea primero tu club en el paso «Tu club»',
    });
    expect(api.updateClub).not.toHaveBeenCalled();
  });

  it("saves an adult player's medical data through the profile API", async () => {
    const { api, save } = fakes();
    expect(await save(step('medical', { eps: 'Sura', blood_type: 'O+' }, 1))).toEqual({
      clubId: 1,
    });
    expect(api.updateMedical).toHaveBeenCalledWith({ eps: 'Sura', blood_type: 'O+' });
  });

  it('sends each photo consent the guardian changed, child by child, and nothing on the children step', async () => {
    const { api, save } = fakes();
    await save(step('children', {}, 1));
    expect(api.setPhotoConsent).not.toHaveBeenCalled();
    const consents = [
      { player_id: 7, club_id: 1, channel: 'internal', granted: true },
      { player_id: 9, club_id: 2, channel: 'social', granted: false },
    ];
    await save(step('authorization', { consents }, 1));
    expect(api.setPhotoConsent.mock.calls).toEqual([
      [7, { club_id: 1, channel: 'internal', granted: true }],
      [9, { club_id: 2, channel: 'social', granted: false }],
    ]);
  });
});
