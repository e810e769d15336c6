import { z } from 'zod';

/** What a visitor may write to the operators about; the form offers these in this order. */
export const contactTopics = ['investing', 'account', 'payments', 'partnerships', 'press', 'other'] as const;
export type ContactTopic = (typeof contactTopics)[number];

export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

/** The contact form, validated the same way by the page and by POST /api/v1/contact. */
export const contactMessageInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Please tell us your name.' })
    .max(100, { error: 'Your name can be at most 100 characters.' }),
  email: z
    .string()
    .trim()
    .max(254, { error: 'That email address is too long.' })
    .pipe(z.email({ error: 'Please enter a valid email address.' })),
  topic: z.enum(contactTopics, { error: 'Please choose a topic.' }),
  message: z
    .string()
    .trim()
    .min(CONTACT_MESSAGE_MIN, { error: `Please write at least ${CONTACT_MESSAGE_MIN} characters.` })
    .max(CONTACT_MESSAGE_MAX, { error: `Please keep your message under ${CONTACT_MESSAGE_MAX} characters.` }),
});
export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;

export const contactReceiptSchema = z.object({
  id: z.number().int().positive(),
  receivedAt: z.iso.datetime(),
});
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;
