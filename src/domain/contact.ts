import { z } from 'zod';
import { visibleText } from './fields';
import { CONTACT_EMAIL_MAX_LENGTH, CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN, CONTACT_NAME_MAX_LENGTH } from './limits';
import { says } from './validation-messages';

/** What a visitor may write to the operators about; the form offers these in this order. */
export const contactTopics = ['investing', 'account', 'payments', 'partnerships', 'press', 'other'] as const;
export type ContactTopic = (typeof contactTopics)[number];

export { CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN };

/** The contact form, validated the same way by the page and by POST /api/v1/contact. */
export const contactMessageInputSchema = z.object({
  /** A person's name: the one name rule (src/domain/names.ts), so no line breaks or invisible characters. */
  name: visibleText('validation.contact.name', CONTACT_NAME_MAX_LENGTH),
  email: z
    .string()
    .trim()
    .max(CONTACT_EMAIL_MAX_LENGTH, says('validation.email.tooLong'))
    .pipe(z.email(says('validation.email.invalid'))),
  topic: z.enum(contactTopics, says('validation.contact.topic')),
  message: z
    .string()
    .trim()
    .min(CONTACT_MESSAGE_MIN, says('validation.contact.message'))
    .max(CONTACT_MESSAGE_MAX, says('validation.contact.message')),
});
export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;

export const contactReceiptSchema = z.object({
  id: z.number().int().positive(),
  receivedAt: z.iso.datetime(),
});
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;
