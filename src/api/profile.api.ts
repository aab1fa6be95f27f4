import { useQuery } from '@tanstack/react-query';
import {
  type MedicalData,
  type MedicalDataInput,
  medicalDataResponseSchema,
  medicalDataSchema,
} from '../../contract/medical-data.schema';
import {
  PROFILE_COMPLETION_FALLBACK,
  profileCompletionResponseSchema,
  profileUpdateResponseSchema,
  profileUpdateStepSchema,
  type Profile,
  type ProfileCompletion,
  type ProfileUpdateStepInput,
} from '../../contract/profile.schema';
import { authClient, describeFailures } from './http';

/*
 * The person's profile (issue #5): the wizard's profile and document steps, the photo,
 * and how complete the profile is for the user's role.
 */

/** What update-step and the photo upload answer. */
export interface ProfileUpdate {
  profile: Profile;
  completion: ProfileCompletion;
}

/** `GET /api/profile/completion`. */
export const getProfileCompletion = (): Promise<ProfileCompletion> =>
  describeFailures(
    async () => profileCompletionResponseSchema.parse(await authClient('/profile/completion')).data,
  );

/** `PUT /api/profile/update-step`: one step's fields, checked with the contract first. */
export const updateProfileStep = (values: ProfileUpdateStepInput): Promise<ProfileUpdate> =>
  describeFailures(async () => {
    const body = profileUpdateStepSchema.parse(values);
    return profileUpdateResponseSchema.parse(
      await authClient('/profile/update-step', { method: 'PUT', body }),
    ).data;
  });

/** `POST /api/profile/photo`: multipart, the image in the field `photo`. */
export const uploadProfilePhoto = (photo: File): Promise<ProfileUpdate> =>
  describeFailures(async () => {
    const body = new FormData();
    body.append('photo', photo);
    return profileUpdateResponseSchema.parse(
      await authClient('/profile/photo', { method: 'POST', body }),
    ).data;
  });

/** `GET /api/profile/medical`: an adult player's own health data in their working club. */
export const getMedicalData = (): Promise<MedicalData> =>
  describeFailures(
    async () => medicalDataResponseSchema.parse(await authClient('/profile/medical')).data,
  );

/** `PUT /api/profile/medical`, checked with the contract first. */
export const updateMedicalData = (values: MedicalDataInput): Promise<MedicalData> =>
  describeFailures(async () => {
    const body = medicalDataSchema.parse(values);
    return medicalDataResponseSchema.parse(
      await authClient('/profile/medical', { method: 'PUT', body }),
    ).data;
  });

export const medicalDataQueryKey = ['profile', 'medical'] as const;
export const profileCompletionQueryKey = ['profile', 'completion'] as const;

/**
 * The completion percentage; PROFILE_COMPLETION_FALLBACK (20) when the server cannot
 * tell it (SPEC.md §8), so a figure always shows.
 */
export function useProfileCompletionPercentage(): number | null {
  const query = useQuery({
    queryKey: profileCompletionQueryKey,
    queryFn: getProfileCompletion,
    retry: false,
  });
  if (query.isError) return PROFILE_COMPLETION_FALLBACK;
  return query.data?.percentage ?? null;
}
