import { z } from 'zod';
import { documentRule, personFields } from './people.schema';
import { personDocumentTypes, personGenders } from './profile.schema';

/*
 * Who edits a child's identity (issue #33 item 1): once a person has an account or belongs to
 * another club, no club changes their names, document, birth date or gender; for a minor an
 * authorised guardian does, from the parent dashboard (PUT /api/parents/child/{id}/identity).
 */
/** A child's identity as an authorised guardian sees and edits it (issue #33). */
export const childIdentitySchema = z.object({
  name: z.string(),
  lastname: z.string(),
  document_type: z.enum(personDocumentTypes).nullable(),
  document_number: z.string().nullable(),
  birth_date: z.string().nullable(),
  gender: z.enum(personGenders).nullable(),
});
export type ChildIdentity = z.infer<typeof childIdentitySchema>;

/**
 * `PUT /api/parents/child/{id}/identity`: an authorised guardian changes the child's
 * identity (every field optional; the document checked against its type).
 */
export const childIdentityUpdateSchema = z
  .strictObject(
    {
      name: personFields.name,
      lastname: personFields.lastname,
      document_type: personFields.document_type,
      document_number: personFields.document_number,
      birth_date: personFields.birth_date,
      gender: personFields.gender,
    },
    { error: 'Este campo no se puede cambiar aquí' },
  )
  .partial()
  .superRefine(documentRule);
export type ChildIdentityUpdate = z.output<typeof childIdentityUpdateSchema>;
export type ChildIdentityUpdateInput = z.input<typeof childIdentityUpdateSchema>;
