import { useMutation } from '@tanstack/react-query';
import type { ContactMessageInput, ContactReceipt } from '../../domain/contact';
import { api } from '../../lib/api';
import type { Reactions } from '../../lib/reactions';
import { loadSchema } from '../../lib/api-client';

// The response schemas load with the first response that needs them, not with the page.
const contactSchemas = () => import('../../domain/contact');

export function sendContactMessage(input: ContactMessageInput) {
  return api.request('/api/v1/contact', {
    method: 'POST',
    body: input,
    schema: loadSchema(contactSchemas, 'contactReceiptSchema'),
  });
}

/** Sends a message to support; answers the receipt (its reference and when to expect a reply). */
export const useSendContactMessage = (options: Reactions<ContactReceipt, ContactMessageInput> = {}) =>
  useMutation({ ...options, mutationFn: sendContactMessage });
