import { z } from 'zod';

/** One field that the server refused, with a Spanish message a person can act on. */
export const fieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
});

/**
 * Every error the API answers has this body: a Spanish `message` and, for bad input,
 * the fields at fault. Never a stack trace or SQL.
 */
export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ApiError = z.infer<typeof apiErrorSchema>;
