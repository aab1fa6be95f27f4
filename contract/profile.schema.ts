import { z } from 'zod';
import { requiredText, textSchema } from './common.schema';

/*
 * The person's profile (issue #5): filled step by step in the onboarding wizard and
 * counted by the profile completion (filled required fields / required fields of the role).
 */

/** Colombian document types (DOMAIN.md "Documents"); NIT is for clubs, not people. */
export const personDocumentTypes = ['CC', 'TI', 'RC', 'CE', 'PAS', 'PPT'] as const;
export type PersonDocumentType = (typeof personDocumentTypes)[number];
export const documentTypeLabels: Record<PersonDocumentType, string> = {
  CC: 'Cédula de ciudadanía',
  TI: 'Tarjeta de identidad',
  RC: 'Registro civil',
  CE: 'Cédula de extranjería',
  PAS: 'Pasaporte',
  PPT: 'Permiso por protección temporal',
};

/** A person's gender; categories also use 'mixed' (reference data, /api/admin/genders). */
export const personGenders = ['female', 'male', 'other'] as const;
export type PersonGender = (typeof personGenders)[number];
export const personGenderLabels: Record<PersonGender, string> = {
  female: 'Femenino',
  male: 'Masculino',
  other: 'Otro',
};

/** Every profile field the completion may count. */
export const profileFields = [
  'name',
  'lastname',
  'phone',
  'birth_date',
  'gender',
  'document_type',
  'document_number',
  'photo_url',
] as const;
export type ProfileField = (typeof profileFields)[number];

export const profileMessages = {
  photoTooLarge: 'La foto no puede pesar más de 5 MB',
  photoWrongType: 'La foto debe ser una imagen JPEG, PNG o WebP',
  photoMissing: 'Adjunta una foto',
  photoUnreadable: 'No pudimos leer la imagen. Prueba con otra foto.',
  documentTaken: 'Ese documento ya está registrado por otra persona',
} as const;

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** Photos are stored as WebP, fitted inside this square. */
export const PHOTO_MAX_SIDE = 512;

/** ISO date (YYYY-MM-DD) of someone between 3 and 100 years old at `today`. */
export const birthDateSchema = textSchema('La fecha de nacimiento', {
  typeError: 'La fecha de nacimiento es obligatoria',
})
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha de nacimiento no es válida')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
    message: 'La fecha de nacimiento no es válida',
  })
  .refine(
    (value) => {
      const year = Number(value.slice(0, 4));
      const now = new Date().getUTCFullYear();
      return year <= now - 3 && year >= now - 100;
    },
    { message: 'La fecha de nacimiento debe corresponder a una edad entre 3 y 100 años' },
  );

/** The 'profile' step. */
export const profileStepSchema = z.object({
  name: requiredText('El nombre', 255),
  lastname: requiredText('El apellido', 255),
  phone: textSchema('El teléfono', { typeError: 'El teléfono es obligatorio' })
    .trim()
    .regex(/^\+?[\d\s-]{7,20}$/, 'El teléfono debe tener entre 7 y 15 dígitos'),
  birth_date: birthDateSchema,
  gender: z.enum(personGenders, { error: 'Elige un género' }),
});
export type ProfileStepInput = z.input<typeof profileStepSchema>;

/** Per-type checks of DOMAIN.md (suggested): digits for CC/TI/RC, alphanumeric for the rest. */
export const documentNumberRules: Record<PersonDocumentType, { pattern: RegExp; message: string }> =
  {
    CC: { pattern: /^\d{6,10}$/, message: 'La cédula debe tener entre 6 y 10 dígitos' },
    TI: { pattern: /^\d{10,11}$/, message: 'La tarjeta de identidad debe tener 10 u 11 dígitos' },
    RC: { pattern: /^\d{10,11}$/, message: 'El registro civil debe tener 10 u 11 dígitos' },
    CE: {
      pattern: /^[A-Za-z0-9]{6,12}$/,
      message: 'La cédula de extranjería debe tener entre 6 y 12 letras o números',
    },
    PAS: {
      pattern: /^[A-Za-z0-9]{6,12}$/,
      message: 'El pasaporte debe tener entre 6 y 12 letras o números',
    },
    PPT: {
      pattern: /^[A-Za-z0-9]{6,12}$/,
      message: 'El PPT debe tener entre 6 y 12 letras o números',
    },
  };

/** A document number as typed ('1.023.456-7') stored bare and uppercase ('10234567'). */
export const documentNumberText = requiredText('El número de documento', 40).transform((value) =>
  value.replace(/[\s.-]/g, '').toUpperCase(),
);

/** The 'document' step. */
export const documentStepSchema = z
  .object({
    document_type: z.enum(personDocumentTypes, { error: 'Elige el tipo de documento' }),
    document_number: documentNumberText,
  })
  .superRefine((value, ctx) => {
    const rule = documentNumberRules[value.document_type];
    if (!rule.pattern.test(value.document_number)) {
      ctx.addIssue({ code: 'custom', path: ['document_number'], message: rule.message });
    }
  });
export type DocumentStepInput = z.input<typeof documentStepSchema>;

/** `PUT /api/profile/update-step`: one step's fields. */
export const profileUpdateStepSchema = z.discriminatedUnion(
  'step',
  [
    z.object({ step: z.literal('profile'), data: profileStepSchema }),
    z.object({ step: z.literal('document'), data: documentStepSchema }),
  ],
  { error: "El paso debe ser 'profile' o 'document'" },
);
export type ProfileUpdateStepInput = z.input<typeof profileUpdateStepSchema>;

export const profileCompletionSchema = z.object({
  percentage: z.number().int(),
  completed_fields: z.array(z.string()),
  missing_fields: z.array(z.string()),
  required_fields: z.array(z.string()),
});
export type ProfileCompletion = z.infer<typeof profileCompletionSchema>;
/** `GET /api/profile/completion` (for the user's role in their working club). */
export const profileCompletionResponseSchema = z.object({ data: profileCompletionSchema });

/** What the browser assumes when the completion cannot be read (SPEC §8). */
export const PROFILE_COMPLETION_FALLBACK = 20;

export const profileSchema = z.object({
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  birth_date: z.string().nullable(),
  gender: z.string().nullable(),
  document_type: z.string().nullable(),
  document_number: z.string().nullable(),
  photo_url: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** Answer of update-step and photo: the saved profile and the new completion. */
export const profileUpdateResponseSchema = z.object({
  data: z.object({ profile: profileSchema, completion: profileCompletionSchema }),
});

/** `GET /api/profile/required-fields/{role}`: a flow slug or a role name. */
export const requiredFieldsResponseSchema = z.object({
  data: z.object({ role_name: z.string(), required_fields: z.array(z.string()) }),
});
