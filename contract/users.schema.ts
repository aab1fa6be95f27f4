import { z } from 'zod';

/** The nine module slugs of the specification (§3). */
export const moduleSlugs = [
  'club',
  'players',
  'trainers',
  'categories',
  'sessions',
  'payments',
  'reports',
  'communications',
  'system',
] as const;
export const moduleSlugSchema = z.enum(moduleSlugs);
export type ModuleSlug = z.infer<typeof moduleSlugSchema>;

export const moduleCategories = ['management', 'operations', 'analytics', 'system'] as const;

export { moduleActions, SETTINGS_MANAGE, type ModuleAction } from './names';

export const clubSummarySchema = z.object({ id: z.number().int(), name: z.string() });
export type ClubSummary = z.infer<typeof clubSummarySchema>;

export const userModuleSchema = z.object({
  id: z.number().int(),
  slug: moduleSlugSchema,
  name: z.string(),
  icon: z.string().nullable(),
  category: z.enum(moduleCategories),
  route_prefix: z.string().nullable(),
  order_index: z.number().int(),
  enabled: z.boolean(),
  permissions: z.object({
    view: z.boolean(),
    create: z.boolean(),
    update: z.boolean(),
    delete: z.boolean(),
  }),
});
export type UserModule = z.infer<typeof userModuleSchema>;

export const onboardingStatusSchema = z.object({
  completed: z.boolean(),
  current_step: z.number().int(),
  total_steps: z.number().int(),
  completed_steps: z.array(z.number().int()),
  role_name: z.string(),
  next_step: z.number().int().nullable(),
  progress_percentage: z.number(),
});
export type OnboardingStatus = z.infer<typeof onboardingStatusSchema>;

/** `GET /api/user`: the signed-in person, computed for their current club. */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  roles: z.array(z.object({ name: z.string() })),
  is_super_admin: z.boolean(),
  permissions: z.array(z.string()),
  permissions_by_module: z.record(z.string(), z.array(z.string())),
  listClub: z.array(clubSummarySchema),
  modules: z.array(userModuleSchema),
  onboarding: onboardingStatusSchema,
  current_club_id: z.number().int().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** `GET /api/user/permissions`. */
export const userPermissionsSchema = userSchema.pick({
  roles: true,
  permissions: true,
  permissions_by_module: true,
  is_super_admin: true,
});
export type UserPermissions = z.infer<typeof userPermissionsSchema>;

/** `GET /api/health`. */
/** `GET /api/health`: up or not, nothing about what it runs on (issue #10). */
export const healthSchema = z.object({ status: z.literal('ok') });
