import { mutationOptions } from '@tanstack/react-query';
import { contactReceiptSchema, type ContactMessageInput } from '../../domain/contact';
import { api } from '../../lib/api';

export const sendContactMessageOptions = () =>
  mutationOptions({
    mutationKey: ['contact', 'send'],
    mutationFn: (input: ContactMessageInput) =>
      api.request('/api/v1/contact', { method: 'POST', body: input, schema: contactReceiptSchema }),
  });
