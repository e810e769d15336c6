import type { FastifyBaseLogger } from 'fastify';
import type { ContactMessageInput, ContactReceipt } from '../../../src/domain/contact';
import type { AppContext } from '../../context';
import { contactReceiptMail, contactTopicLabel } from '../../i18n/mails';
import type { Language } from '../../../src/domain/language';
import * as repository from './repository';

/**
 * Stores the message first, so nothing a visitor wrote is lost to a mail outage, then tells
 * the operators and confirms to the sender. A failed send is logged and leaves mailed_at
 * empty, which is how operators find messages that never reached their inbox.
 */
export async function submitContactMessage(
  ctx: AppContext,
  input: ContactMessageInput,
  log: FastifyBaseLogger,
  language: Language = 'en',
): Promise<ContactReceipt> {
  const deps = { db: ctx.db, mailer: ctx.mailer, operatorEmail: ctx.config.OPERATOR_EMAIL, log };
  const now = ctx.now();
  const receivedAt = now.toISOString();
  const id = await repository.insertContactMessage(deps.db, {
    name: input.name,
    email: input.email,
    topic: input.topic,
    message: input.message,
    created_at: receivedAt,
  });
  const topic = contactTopicLabel('en', input.topic);
  try {
    await deps.mailer.send({
      to: deps.operatorEmail,
      replyTo: input.email,
      subject: `[Contact #${id}] ${topic}: ${input.name}`,
      text: [
        `From: ${input.name} <${input.email}>`,
        `Topic: ${topic}`,
        `Received: ${receivedAt}`,
        '',
        input.message,
      ].join('\n'),
    });
    await repository.markContactMessageMailed(deps.db, id, ctx.now().toISOString());
  } catch (error) {
    deps.log.error({ err: error, contactMessageId: id }, 'contact message stored but not mailed to operators');
  }
  try {
    // In the sender's language; the operators' copy above stays in English.
    await deps.mailer.send({ to: input.email, ...contactReceiptMail(language, { topic: input.topic, id }) });
  } catch (error) {
    deps.log.warn({ err: error, contactMessageId: id }, 'contact confirmation not sent');
  }
  return { id, receivedAt };
}
