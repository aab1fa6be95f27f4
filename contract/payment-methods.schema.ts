import { z } from 'zod';
import { clubIdParamsSchema, idSchema, optionalText } from './common.schema';

/*
 * The payment methods a club accepts (issue #12): the 'Medios de pago' screen
 * (/home/admin/payment_methods) and its endpoints under
 * /api/pla_club_teams/{id}/payment-methods. The methods are the reference ones of the
 * club's country; the club only says which it accepts and with what account details.
 */

/** The longest account details a method takes (number, holder, instructions). */
export const PAYMENT_METHOD_DETAILS_MAX = 500;

export const paymentMethodMessages = {
  notFound: 'Medio de pago no encontrado',
  acceptedType: 'Aceptado debe ser verdadero o falso',
} as const;

/** One method of the club's country with the club's choice ('not accepted' until it chooses). */
export const clubPaymentMethodSchema = z.object({
  /** The reference method's id (`payment_methods.id`). */
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  accepted: z.boolean(),
  /** What families read to pay (account, holder, instructions); null when none. */
  details: z.string().nullable(),
});
export type ClubPaymentMethod = z.infer<typeof clubPaymentMethodSchema>;

/** `GET /api/pla_club_teams/{id}/payment-methods`: every method of the country, in reference order. */
export const clubPaymentMethodListResponseSchema = z.object({
  data: z.array(clubPaymentMethodSchema),
});
export type ClubPaymentMethodListResponse = z.infer<typeof clubPaymentMethodListResponseSchema>;

export const clubPaymentMethodParamsSchema = clubIdParamsSchema.extend({
  methodId: idSchema('El medio de pago'),
});

/** `PUT /api/pla_club_teams/{id}/payment-methods/{methodId}`: the club's choice for one method. */
export const clubPaymentMethodRequestSchema = z.object({
  accepted: z.boolean({ error: paymentMethodMessages.acceptedType }),
  details: optionalText('El campo Datos para pagar', PAYMENT_METHOD_DETAILS_MAX, {
    multiline: true,
  }),
});
export type ClubPaymentMethodRequest = z.input<typeof clubPaymentMethodRequestSchema>;

export const clubPaymentMethodResponseSchema = z.object({ data: clubPaymentMethodSchema });
