import { z } from 'zod';
import { idSchema, isRealIsoDate, optionalText, requiredText, textSchema } from './common.schema';
import { imageUrlSchema } from './image-url.schema';
import {
  documentNumberRules,
  documentNumberText,
  personDocumentTypes,
  personGenders,
  type PersonDocumentType,
} from './profile.schema';

/*
 * A person a club adds (a trainer, a player): the identity fields shared by both, and
 * `GET /api/validate-document`, which tells the form whether a document is free, already
 * in this club, or a person elsewhere to link (DOMAIN.md "Documents": never a duplicate,
 * never a silent overwrite).
 */

export const peopleMessages = {
  futureBirthDate: 'La fecha de nacimiento no puede ser futura',
  tooOld: 'La fecha de nacimiento no es válida (más de 100 años)',
  badBirthDate: 'La fecha de nacimiento debe tener el formato AAAA-MM-DD y ser una fecha real',
  badEmail: 'El correo electrónico no es válido',
  badPhone: 'El teléfono debe tener entre 7 y 15 dígitos',
  documentTypeMissing: 'Elige el tipo de documento',
  documentPairIncomplete: 'Indica el tipo y el número de documento',
  documentOrEmail: 'Indica el documento o el correo electrónico',
  existsElsewhere:
    'Ya existe una persona con ese documento. No la crees de nuevo: puedes pedirle que se una al club (marca «Enviar solicitud»).',
  emailTaken:
    'Ese correo pertenece a otra persona registrada. Vincúlala con su documento o usa otro correo.',
  emailOfOtherPerson: 'Ese correo pertenece a una persona con otro documento',
  ownProfileOnly:
    'Esta persona tiene cuenta o también está en otro club: sus datos personales los cambia ella (o su acudiente) desde su cuenta',
} as const;

/**
 * One formatter for every call: building an Intl.DateTimeFormat with a time zone costs
 * about a millisecond and native (ICU) memory that the process does not give back; a
 * players import checks several dates per row (issue #33 item 4: 5,000 rows took 6 s and
 * kept ~390 MB per preview).
 */
const bogotaDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' });

/** Today as `YYYY-MM-DD` in Bogotá (the clubs' timezone); the server passes its clock. */
export const isoToday = (now: Date = new Date()): string => bogotaDate.format(now);

/** Whole years from `birthDate` to `today` (both `YYYY-MM-DD`). */
export function ageOn(birthDate: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

/** Under 18: a guardian's contact is required. */
export const ADULT_AGE = 18;

/** A real date, not in the future, at most 100 years ago (checked against the browser's or server's today). */
export const personBirthDateSchema = textSchema('La fecha de nacimiento', {
  typeError: 'La fecha de nacimiento es obligatoria',
})
  .refine(isRealIsoDate, peopleMessages.badBirthDate)
  .refine((value) => value <= isoToday(), peopleMessages.futureBirthDate)
  .refine((value) => ageOn(value, isoToday()) <= 100, peopleMessages.tooOld);

export const emailText = (label = 'El correo electrónico') =>
  optionalText(label, 254).pipe(
    z
      .email(peopleMessages.badEmail)
      .transform((value) => value.toLowerCase())
      .nullish(),
  );

export const phoneText = (label = 'El teléfono') =>
  optionalText(label, 20).refine(
    (value) => value == null || /^\+?[\d\s-]{7,20}$/.test(value),
    peopleMessages.badPhone,
  );

export const documentTypeSchema = z.enum(personDocumentTypes, {
  error: peopleMessages.documentTypeMissing,
});

/** The per-type rule of a document number (DOMAIN.md), as a refusal message or null. */
export function documentNumberProblem(type: PersonDocumentType, number: string): string | null {
  const rule = documentNumberRules[type];
  return rule.pattern.test(number) ? null : rule.message;
}

/** Adds the per-type refusal on `document_number` when both halves are present. */
export const documentRule = (
  value: { document_type?: PersonDocumentType | null; document_number?: string | null },
  ctx: z.RefinementCtx,
) => {
  if (!value.document_type || !value.document_number) return;
  const problem = documentNumberProblem(value.document_type, value.document_number);
  if (problem) ctx.addIssue({ code: 'custom', path: ['document_number'], message: problem });
};

/** The identity fields of a person a club adds. */
export const personFields = {
  name: requiredText('El nombre', 255),
  lastname: requiredText('El apellido', 255),
  document_type: documentTypeSchema,
  document_number: documentNumberText,
  birth_date: personBirthDateSchema,
  gender: z.enum(personGenders, { error: 'Elige un género' }),
  phone: phoneText(),
  email: emailText(),
  photo_url: imageUrlSchema('La foto', 500),
  /**
   * When the document (or e-mail) belongs to a person already registered: true links that
   * person as they are (the identity fields sent are ignored) when they belong to this club
   * alone and have no account (201), else sends them a link request (202, issue #33);
   * false (default) refuses with 409 so the form can offer the request.
   */
  link_existing: z.boolean({ error: 'link_existing debe ser verdadero o falso' }).default(false),
};

/** The part of every person answer that identifies them. */
export const personSchema = z.object({
  /** The person's user id: the `{trainerId}` / `{playerId}` of the paths. */
  id: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  document_type: z.enum(personDocumentTypes).nullable(),
  document_number: z.string().nullable(),
  birth_date: z.string().nullable(),
  gender: z.enum(personGenders).nullable(),
  photo_url: z.string().nullable(),
  /** False while the person has never set a password (added by a club, invited, not yet in). */
  has_account: z.boolean(),
  /**
   * Whether this club may change the person's identity (names, document, birth date,
   * gender, e-mail, phone, photo): only while they have no account and belong to no other
   * club (issue #33). False: the form shows those fields locked.
   */
  identity_editable: z.boolean(),
});
export type Person = z.infer<typeof personSchema>;

/** Who is asking: the form of a player, of a trainer (or of a guardian, families issue). */
export const documentCheckKinds = ['player', 'trainer', 'guardian'] as const;
export type DocumentCheckKind = (typeof documentCheckKinds)[number];

/** `GET /api/validate-document?type&number&clubId&typeUser` (spec §7 names the parameters). */
export const validateDocumentQuerySchema = z
  .strictObject(
    {
      type: documentTypeSchema,
      number: documentNumberText,
      clubId: idSchema('El club'),
      typeUser: z.enum(documentCheckKinds, {
        error: "typeUser debe ser 'player', 'trainer' o 'guardian'",
      }),
      /** When editing: the person being edited, whose own document is not a conflict. */
      personId: idSchema('La persona').optional(),
    },
    { error: 'Este parámetro no existe en esta consulta' },
  )
  .superRefine((value, ctx) => {
    const problem = documentNumberProblem(value.type, value.number);
    if (problem) ctx.addIssue({ code: 'custom', path: ['number'], message: problem });
  });
export type ValidateDocumentQuery = z.input<typeof validateDocumentQuerySchema>;

/** `own`: the document of the very person being edited (`personId`): theirs, no conflict. */
export const documentStatuses = ['free', 'own', 'in_club', 'elsewhere'] as const;
export type DocumentStatus = (typeof documentStatuses)[number];

export const validateDocumentResponseSchema = z.object({
  data: z.object({
    status: z.enum(documentStatuses),
    /** in_club: the person's full name; elsewhere: always null (nothing of the person leaks, issue #33). */
    name: z.string().nullable(),
    /** in_club: the person's roles in this club ('Jugador', 'Padre/Acudiente'). */
    roles: z.array(z.string()),
    /** in_club: already what typeUser asks (a player already a player): creating is refused. */
    already: z.boolean(),
    /** What the form shows, in Spanish. */
    message: z.string(),
  }),
});
export type ValidateDocumentResponse = z.infer<typeof validateDocumentResponseSchema>;

/** Category links a person answer carries. */
export const categoryRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type CategoryRef = z.infer<typeof categoryRefSchema>;

/** `PATCH …/status` of trainers and players. */
export const personStatuses = ['active', 'inactive'] as const;
export type PersonStatus = (typeof personStatuses)[number];
export const personStatusLabels: Record<PersonStatus, string> = {
  active: 'Activo',
  inactive: 'Inactivo',
};
export const statusChangeSchema = z.object({
  status: z.enum(personStatuses, { error: "El estado debe ser 'active' o 'inactive'" }),
});
export type StatusChange = z.input<typeof statusChangeSchema>;
