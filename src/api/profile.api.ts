import { useQuery } from '@tanstack/react-query';
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
