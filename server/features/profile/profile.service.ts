import { and, eq, ne, sql } from 'drizzle-orm';
import {
  onboardingFlowRoleName,
  onboardingFlowSlugOf,
  onboardingMessages,
  onboardingRequiredFields,
} from '../../../contract/onboarding.schema';
import {
  type Profile,
  type ProfileCompletion,
  type ProfileField,
  profileMessages,
  type profileUpdateStepSchema,
} from '../../../contract/profile.schema';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { AppError, fieldError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { defaultOnboarding, onboardingFlowOf } from '../onboarding/onboarding.flows';
import { workingContext } from '../users/users.service';
import type { PersonPhotos } from './person-photos';

type UserRow = typeof users.$inferSelect;
type ProfileUpdate = z.output<typeof profileUpdateStepSchema>;

function fieldValue(user: UserRow, field: ProfileField | string): string | null {
  switch (field) {
    case 'name':
      return user.name;
    case 'lastname':
      return user.lastname;
    case 'phone':
      return user.phone;
    case 'birth_date':
      return user.birthDate;
    case 'gender':
      return user.gender;
    case 'document_type':
      return user.documentType;
    case 'document_number':
      return user.documentNumber;
    case 'photo_url':
      return user.photoUrl;
    default:
      return null;
  }
}

/** The API view of a person's profile fields. */
export const profileOf = (user: UserRow): Profile => ({
  name: user.name,
  lastname: user.lastname,
  // Only a person who signs in has a profile, and signing in takes an e-mail.
  email: user.email ?? '',
  phone: user.phone,
  birth_date: user.birthDate,
  gender: user.gender,
  document_type: user.documentType,
  document_number: user.documentNumber,
  photo_url: user.photoUrl,
});

/** The storage key of a photo URL this app handed out, or null for anything else. */
/**
 * The person's profile (issue #5): completion for their role's flow, the wizard's profile
 * and document steps, and the photo. A user only ever reads and changes their own.
 */
export function createProfileService({
  db,
  clock,
  photos,
}: {
  db: Db;
  clock: Clock;
  photos: PersonPhotos;
}) {
  /** The user, their profile and its completion for the flow they follow. */
  async function profileView(userId: number, clubId: number | undefined) {
    const { user, onboarding, roleNames } = await workingContext(db, userId, clubId);
    const flow = onboardingFlowOf(onboarding ?? defaultOnboarding, roleNames[0]);
    const required = onboardingRequiredFields(flow);
    const filled = (field: string) => (fieldValue(user, field)?.trim() ?? '') !== '';
    const completed = required.filter(filled);
    const completion: ProfileCompletion = {
      percentage:
        required.length === 0 ? 100 : Math.round((100 * completed.length) / required.length),
      completed_fields: completed,
      missing_fields: required.filter((field) => !filled(field)),
      required_fields: required,
    };
    return { user, profile: profileOf(user), completion };
  }

  return {
    /** `GET /api/profile/completion`. */
    async completion(userId: number, clubId?: number): Promise<ProfileCompletion> {
      return (await profileView(userId, clubId)).completion;
    },

    /** `GET /api/profile/required-fields/{role}` (a flow slug or a role name; 404 for none). */
    requiredFields(role: string) {
      const flow = onboardingFlowSlugOf(role);
      if (!flow) throw new AppError(404, onboardingMessages.unknownFlow);
      return {
        role_name: onboardingFlowRoleName(flow),
        required_fields: onboardingRequiredFields(flow),
      };
    },

    /**
     * `PUT /api/profile/update-step`: saves one step's fields into the user. A document
     * (type and number) already held by another person is refused with 422; the check
     * runs under a transaction lock on that document, so two people saving it at once
     * cannot both pass.
     */
    async updateStep(userId: number, clubId: number | undefined, input: ProfileUpdate) {
      const now = clock.now();
      if (input.step === 'profile') {
        const { name, lastname, phone, birth_date, gender } = input.data;
        await db
          .update(users)
          .set({ name, lastname, phone, birthDate: birth_date, gender, updatedAt: now })
          .where(eq(users.id, userId));
      } else {
        const { document_type: type, document_number: number } = input.data;
        await db.transaction(async (tx) => {
          await tx.execute(
            sql`select pg_advisory_xact_lock(hashtext(${`person-document:${type}:${number}`}))`,
          );
          const [taken] = await tx
            .select({ id: users.id })
            .from(users)
            .where(
              and(
                eq(users.documentType, type),
                eq(users.documentNumber, number),
                ne(users.id, userId),
              ),
            )
            .limit(1);
          if (taken) throw fieldError('data.document_number', profileMessages.documentTaken);
          await tx
            .update(users)
            .set({ documentType: type, documentNumber: number, updatedAt: now })
            .where(eq(users.id, userId));
        });
      }
      const { profile, completion } = await profileView(userId, clubId);
      return { profile, completion };
    },

    /**
     * `POST /api/profile/photo`: checks the bytes are a JPEG, PNG or WebP that decodes,
     * stores them as a WebP of at most PHOTO_MAX_SIDE px, points `photo_url` at it and
     * deletes the user's previous photo.
     */
    async savePhoto(userId: number, clubId: number | undefined, bytes: Buffer) {
      await photos.store(userId, bytes);
      const { profile, completion } = await profileView(userId, clubId);
      return { profile, completion };
    },

    /** `GET /api/files/photos/{name}`: the stored photo, or null (404) when there is none. */
    photo: (name: string) => photos.read(name),
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
