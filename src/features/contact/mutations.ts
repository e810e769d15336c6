import { useMutation } from '@tanstack/react-query';
import { contactReceiptSchema, type ContactMessageInput, type ContactReceipt } from '../../domain/contact';
import { api } from '../../lib/api';
import type { Reactions } from '../../lib/reactions';

export function sendContactMessage(input: ContactMessageInput) {
  return api.request('/api/v1/contact', { method: 'POST', body: input, schema: contactReceiptSchema });
}

/** Sends a message to support; answers the receipt (its reference and when to expect a reply). */
export const useSendContactMessage = (options: Reactions<ContactReceipt, ContactMessageInput> = {}) =>
  useMutation({ ...options, mutationFn: sendContactMessage });
