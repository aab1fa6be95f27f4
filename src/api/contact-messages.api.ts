import { useMutation } from '@tanstack/react-query';
import {
  type ContactMessageInput,
  type ContactMessageResponse,
  contactMessageCreateSchema,
  contactMessageResponseSchema,
} from '../../contract/contact-messages.schema';
import type { RequestError } from '../lib/request-failure';
import { cookieClient, describeFailures } from './http';

/** `POST /api/contact-messages` (public, rate limited): the server's thanks. */
export const sendContactMessage = (values: ContactMessageInput): Promise<ContactMessageResponse> =>
  describeFailures(async () => {
    const body = contactMessageCreateSchema.parse(values);
    return contactMessageResponseSchema.parse(
      await cookieClient('/contact-messages', { method: 'POST', body }),
    );
  });

/** The contact form's one call: nothing cached changes. */
export const useSendContactMessage = () =>
  useMutation<ContactMessageResponse, RequestError, ContactMessageInput>({
    mutationFn: sendContactMessage,
  });
