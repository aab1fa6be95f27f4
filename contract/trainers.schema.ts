import { z } from 'zod';
import {
  clubIdParamsSchema,
  idSchema,
  type ListParams,
  listQuerySchema,
  listResponseSchema,
} from './common.schema';
import {
  categoryRefSchema,
  documentRule,
  peopleMessages,
  personFields,
  personSchema,
  personStatuses,
  type PersonStatus,
} from './people.schema';

/*
 * A club's trainers (DOMAIN.md "Trainer"): every member holding the Entrenador role in the
 * club, whether the owner added them here or they joined through an invitation, with the
 * club's status for them and their categories. `{trainerId}` is the person's user id.
 * Endpoints under /api/pla_club_teams/{id}/trainers (trainers.view / create / update / delete).
 */

export const trainerSortFields = ['name', 'joined_at'] as const;
export type TrainerSortField = (typeof trainerSortFields)[number];

export const trainerMessages = {
  notFound: 'Entrenador no encontrado',
  alreadyTrainer: 'Esa persona ya es entrenador del club',
  categoryNotFound: 'Alguna de las categorías no existe en este club',
  invitationSent: (email: string) => `Enviamos una invitación a ${email} para que entre al club`,
} as const;

const categoryIds = z
  .array(idSchema('La categoría'), { error: 'category_ids debe ser una lista de categorías' })
  .max(100, 'Demasiadas categorías');

/** Document optional for a trainer, but as a pair; the e-mail lets them sign in. */
const trainerPersonFields = {
  name: personFields.name,
  lastname: personFields.lastname,
  document_type: personFields.document_type.nullish(),
  document_number: personFields.document_number.nullish(),
  phone: personFields.phone,
  email: personFields.email,
  photo_url: personFields.photo_url,
};

const documentPair = (
  value: { document_type?: string | null; document_number?: string | null },
  ctx: z.RefinementCtx,
) => {
  if (Boolean(value.document_type) !== Boolean(value.document_number)) {
    ctx.addIssue({
      code: 'custom',
      path: [value.document_type ? 'document_number' : 'document_type'],
      message: peopleMessages.documentPairIncomplete,
    });
  }
};

/**
 * `POST /api/pla_club_teams/{id}/trainers`: a new person, or (`link_existing`) the person
 * already registered with that document or e-mail. With an e-mail and no account yet, the
 * clubs issue's invitation goes out so they can sign in.
 */
export const trainerCreateSchema = z
  .object({
    ...trainerPersonFields,
    category_ids: categoryIds.default([]),
    link_existing: personFields.link_existing,
  })
  .superRefine(documentPair)
  .superRefine(documentRule)
  .superRefine((value, ctx) => {
    if (!value.document_number && !value.email) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: peopleMessages.documentOrEmail });
    }
  });
export type TrainerCreate = z.output<typeof trainerCreateSchema>;
export type TrainerCreateInput = z.input<typeof trainerCreateSchema>;

/**
 * `PATCH /api/pla_club_teams/{id}/trainers/{trainerId}`: any subset. Identity fields only
 * while the person has no account (422 otherwise: they edit their own profile).
 */
export const trainerUpdateSchema = z
  .object({ ...trainerPersonFields, category_ids: categoryIds })
  .partial()
  .superRefine(documentRule);
export type TrainerUpdate = z.output<typeof trainerUpdateSchema>;
export type TrainerUpdateInput = z.input<typeof trainerUpdateSchema>;

export const trainerSchema = personSchema.extend({
  status: z.enum(personStatuses),
  categories: z.array(categoryRefSchema),
  /** When they got the Entrenador role in this club (ISO 8601). */
  joined_at: z.string(),
});
export type Trainer = z.infer<typeof trainerSchema>;

export const trainerResponseSchema = z.object({
  data: trainerSchema,
  /** Set when an invitation e-mail went out with this change. */
  message: z.string().optional(),
});
export const trainerListResponseSchema = listResponseSchema(trainerSchema);
export type TrainerListResponse = z.infer<typeof trainerListResponseSchema>;

/** `GET …/trainers`: the list contract (`q` over name, lastname, e-mail, document) plus filters. */
export const trainerListQuerySchema = listQuerySchema({
  sortable: trainerSortFields,
  defaultSort: 'name',
  filters: {
    status: z
      .enum(personStatuses, { error: "El estado debe ser 'active' o 'inactive'" })
      .optional(),
    category_id: idSchema('La categoría').optional(),
  },
});
export type TrainerListQuery = z.output<typeof trainerListQuerySchema>;
export type TrainerListParams = ListParams<TrainerSortField> & {
  status?: PersonStatus;
  category_id?: number;
};

export const trainerParamsSchema = clubIdParamsSchema.extend({
  trainerId: idSchema('El identificador del entrenador'),
});
