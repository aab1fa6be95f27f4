import { z } from 'zod';
import { documentRule, peopleMessages, personFields } from './people.schema';
import { personDocumentTypes, personGenders } from './profile.schema';

/** A child's identity, as the guardian sees and changes it. */
export const childIdentitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  document_type: z.enum(personDocumentTypes).nullable(),
  document_number: z.string().nullable(),
  birth_date: z.string().nullable(),
  gender: z.enum(personGenders).nullable(),
});
export type ChildIdentity = z.infer<typeof childIdentitySchema>;

/**
 * A minor's identity is theirs (issue #33 item 1): no club changes it once the child has
 * an account or belongs to another club; an authorised guardian (in any club) does, with
 * `PUT /api/parents/child/{id}/identity`. Every field optional; the document pair rule of
 * the clubs' forms.
 */
export const childIdentityUpdateSchema = z
  .strictObject(
    {
      name: personFields.name.optional(),
      lastname: personFields.lastname.optional(),
      document_type: personFields.document_type.optional(),
      document_number: personFields.document_number.optional(),
      birth_date: personFields.birth_date.optional(),
      gender: personFields.gender.optional(),
    },
    { error: 'Ese dato no se puede cambiar aquí' },
  )
  .superRefine((value, ctx) => {
    if (Boolean(value.document_type) !== Boolean(value.document_number)) {
      ctx.addIssue({
        code: 'custom',
        path: [value.document_type ? 'document_number' : 'document_type'],
        message: peopleMessages.documentPairIncomplete,
      });
    }
  })
  .superRefine(documentRule);
export type ChildIdentityUpdate = z.output<typeof childIdentityUpdateSchema>;
export type ChildIdentityUpdateInput = z.input<typeof childIdentityUpdateSchema>;

export const childIdentityResponseSchema = z.object({ data: childIdentitySchema });
