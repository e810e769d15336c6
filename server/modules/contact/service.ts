import type { FastifyBaseLogger } from 'fastify';
import type { ContactMessageInput, ContactReceipt, ContactTopic } from '../../../src/domain/contact';
import type { AppContext } from '../../context';
import * as repository from './repository';

const topicLabels: Record<ContactTopic, string> = {
  investing: 'Investing in a project',
  account: 'My account or identity check',
  payments: 'A payment',
  partnerships: 'Listing a project on Moa',
  press: 'Press',
  other: 'Something else',
};

/**
 * Stores the message first, so nothing a visitor wrote is lost to a mail outage, then tells
 * the operators and confirms to the sender. A failed send is logged and leaves mailed_at
 * empty, which is how operators find messages that never reached their inbox.
 */
export async function submitContactMessage(
  ctx: AppContext,
  input: ContactMessageInput,
  log: FastifyBaseLogger,
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
  const topic = topicLabels[input.topic];
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
    await deps.mailer.send({
      to: input.email,
      subject: 'We received your message',
      // Nothing the sender typed is repeated: the address is unverified, so an echo would let
      // anyone send their own words to anyone from Moa's address. Only fixed text, the topic
      // (one of a fixed list) and the reference number.
      text: [
        'Hello,',
        '',
        `Thank you for writing to Moa about "${topic}". A member of our team reads every message and usually answers within two working days.`,
        '',
        `Your reference is #${id}. If you did not write to us, you can ignore this email.`,
        '',
        'Moa never asks for your password, sign-in codes or recovery codes by email.',
      ].join('\n'),
    });
  } catch (error) {
    deps.log.warn({ err: error, contactMessageId: id }, 'contact confirmation not sent');
  }
  return { id, receivedAt };
}
