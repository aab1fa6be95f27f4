import { z } from 'zod';
import { textSchema, wholeNumberSchema } from './common.schema';
import { profileSchema } from './profile.schema';
import { onboardingStatusSchema } from './users.schema';
import { roleSlug } from './names';
import { roleNames } from './roles.schema';

/*
 * The onboarding wizard (issue #5): one flow per role, each step saving real data.
 * Shared by the server (which records progress and refuses to complete a flow with a
 * required step missing) and the browser (which draws the steps and their forms).
 */

/** What a step saves, and through which call. */
export const onboardingStepKeys = [
  /** Name, last name, phone, birth date, gender: PUT /api/profile/update-step. */
  'profile',
  /** Document type and number: PUT /api/profile/update-step. */
  'document',
  /** A profile photo: POST /api/profile/photo (optional). */
  'photo',
  /** The club: POST /api/pla_club_teams (or PATCH the owner's current club). */
  'club',
  /** The club's season and billing months: PATCH /api/pla_club_teams/{id}. */
  'season',
  /** Invite the first trainer: POST /api/pla_club_teams/{id}/invitations (optional). */
  'invite',
  /** A guardian's children and their authorisation: GET /api/parents/children (reads only). */
  'children',
  /** A guardian's photo consent per child and channel: PUT /api/parents/child/{id}/photo-consent. */
  'authorization',
  /** An adult player's health and emergency data: PUT /api/profile/medical. */
  'medical',
] as const;
export type OnboardingStepKey = (typeof onboardingStepKeys)[number];

export interface OnboardingStep {
  key: OnboardingStepKey;
  title: string;
  description: string;
  /** Profile fields this step fills (counted by the profile completion). */
  required_fields: readonly string[];
  /** An optional step can be skipped; completing the flow never waits for it. */
  optional: boolean;
}

const step = {
  profile: {
    key: 'profile',
    title: 'Tus datos',
    description: 'Cómo te llamas y cómo te contactamos.',
    required_fields: ['name', 'lastname', 'phone', 'birth_date', 'gender'],
    optional: false,
  },
  document: {
    key: 'document',
    title: 'Documento de identidad',
    description: 'El documento con el que te identificas en el club.',
    required_fields: ['document_type', 'document_number'],
    optional: false,
  },
  photo: {
    key: 'photo',
    title: 'Foto de perfil',
    description: 'Una foto para que el club te reconozca (JPEG, PNG o WebP, hasta 5 MB).',
    required_fields: [],
    optional: true,
  },
  club: {
    key: 'club',
    title: 'Tu club',
    description: 'El nombre, el deporte y dónde está tu club o equipo.',
    required_fields: [],
    optional: false,
  },
  season: {
    key: 'season',
    title: 'Temporada',
    description: 'Los meses en que tu club cobra mensualidades.',
    required_fields: [],
    optional: false,
  },
  invite: {
    key: 'invite',
    title: 'Tu equipo',
    description: 'Invita a un entrenador por correo (puedes hacerlo después).',
    required_fields: [],
    optional: true,
  },
  children: {
    key: 'children',
    title: 'Tus hijos',
    description: 'Los jugadores de los que eres acudiente y si el club ya autorizó tu vínculo.',
    required_fields: [],
    optional: false,
  },
  authorization: {
    key: 'authorization',
    title: 'Autorizaciones',
    description:
      'Dónde puede el club publicar fotos de tus hijos. Puedes cambiarlo cuando quieras.',
    required_fields: [],
    optional: false,
  },
  medical: {
    key: 'medical',
    title: 'Datos médicos',
    description: 'Tu EPS, tipo de sangre, alergias y a quién llamar en una emergencia.',
    required_fields: [],
    optional: false,
  },
} satisfies Record<OnboardingStepKey, OnboardingStep>;

/**
 * The flows, by the slug of the role (the guard's /onboarding/{slug}). 'default' is the
 * flow of a person without a role yet: they registered themselves, so they are about to
 * open a club (SPEC §8: status failures fall back to role Propietario del Club).
 * A guardian's flow reaches their children and photo consent, an adult player's their
 * medical data (issue #15, DOMAIN.md "Onboarding and dashboards").
 */
export const onboardingFlows = {
  default: [step.profile, step.document, step.club, step.season, step.invite],
  'propietario-del-club': [step.profile, step.document, step.club, step.season, step.invite],
  entrenador: [step.profile, step.document, step.photo],
  contador: [step.profile, step.document, step.photo],
  jugador: [step.profile, step.document, step.medical, step.photo],
  'padre-acudiente': [step.profile, step.document, step.children, step.authorization],
  'super-admin': [step.profile],
} satisfies Record<string, readonly OnboardingStep[]>;
export type OnboardingFlowSlug = keyof typeof onboardingFlows;
export const onboardingFlowSlugs = Object.keys(onboardingFlows) as OnboardingFlowSlug[];

export { roleSlug } from './names';

/** The flow of a slug or a role name (any case), or undefined when there is none. */
export function onboardingFlowSlugOf(
  role: string | null | undefined,
): OnboardingFlowSlug | undefined {
  const slug = roleSlug(role);
  // roleSlug falls back to 'default' for a name without letters or digits: not a flow's name.
  if (slug === 'default' && role?.trim().toLowerCase() !== 'default') return undefined;
  return Object.hasOwn(onboardingFlows, slug) ? (slug as OnboardingFlowSlug) : undefined;
}

/** The role a flow is for, as SPEC §6 spells it ('Propietario del Club' for 'default'). */
export function onboardingFlowRoleName(slug: OnboardingFlowSlug): string {
  if (slug === 'default') return 'Propietario del Club';
  return roleNames.find((name) => roleSlug(name) === slug) ?? 'Propietario del Club';
}

/** The profile fields a flow asks for: the union of its steps' `required_fields`, in order. */
export function onboardingRequiredFields(slug: OnboardingFlowSlug): string[] {
  return [...new Set(onboardingFlows[slug].flatMap((step) => step.required_fields))];
}

export const onboardingMessages = {
  unauthenticated: 'Usuario no autenticado',
  unknownFlow: 'No hay un recorrido de configuración para ese rol',
  stepOutOfRange: (total: number) => `El paso debe estar entre 1 y ${total}`,
  requiredStepsMissing: (titles: string[]) => `Completa primero estos pasos: ${titles.join(', ')}`,
  completed: '¡Listo! Tu cuenta está configurada.',
} as const;

/** `GET /api/onboarding/flow/{role}`: `role` is a flow slug or a role name. */
export const onboardingFlowParamsSchema = z.object({
  role: textSchema('El rol').trim().min(1, onboardingMessages.unknownFlow).max(80),
});

export const onboardingStepSchema = z.object({
  key: z.enum(onboardingStepKeys),
  title: z.string(),
  description: z.string(),
  required_fields: z.array(z.string()),
  optional: z.boolean(),
});

export const onboardingFlowResponseSchema = z.object({
  data: z.object({
    /** The flow's slug ('propietario-del-club', 'default', …). */
    slug: z.string(),
    /** The role it is for, as SPEC §6 spells it ('Propietario del Club' for 'default'). */
    role_name: z.string(),
    total_steps: z.number().int(),
    steps: z.array(onboardingStepSchema),
  }),
});
export type OnboardingFlow = z.infer<typeof onboardingFlowResponseSchema>['data'];

/** `POST /api/onboarding/step/{step}`: 1-based, within the user's flow. */
export const onboardingStepParamsSchema = z.object({
  step: wholeNumberSchema('El paso debe ser un número entero').pipe(
    z.number().min(1, 'El paso debe ser 1 o mayor').max(20, 'El paso no es válido'),
  ),
});

/** The status plus what the wizard pre-fills its forms with (SPEC §3 `user_data`). */
export const onboardingStatusResponseSchema = z.object({
  data: onboardingStatusSchema.extend({
    /** The slug of the flow the user follows. */
    flow: z.string(),
    /** The profile so far plus the working club (SPEC §3 `user_data`). */
    user_data: profileSchema.extend({ current_club_id: z.number().int().nullable() }),
  }),
});
export type OnboardingStatusData = z.infer<typeof onboardingStatusResponseSchema>['data'];

/** What the browser assumes when the status cannot be read (SPEC §8). */
export const onboardingStatusFallback = {
  completed: false,
  current_step: 1,
  total_steps: 5,
  completed_steps: [] as number[],
  role_name: 'Propietario del Club',
  next_step: 1,
  progress_percentage: 0,
};
