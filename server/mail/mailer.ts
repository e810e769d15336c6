import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { z } from 'zod';

export const mailMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  createdAt: z.string(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface Mailer {
  /** Sends (or, without SMTP, files in the outbox) one message. */
  send: (mail: OutgoingMail) => Promise<void>;
  /** The local outbox, newest first; null when mail goes out over SMTP. */
  readOutbox: ((filter?: { email?: string }) => MailMessage[]) | null;
  close: () => void;
}

export const OUTBOX_FILE = 'outbox.jsonl';

/**
 * Mail goes over SMTP when SMTP_URL is set. Otherwise it lands in an outbox file in the data
 * folder (one JSON message a line), which developers read at /dev/mailbox and tests at
 * /api/v1/dev/outbox; a fresh install so works with no third party.
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    // nodemailer loads with the first message, so a start (and an install without SMTP) never reads it.
    let transport: Promise<Transporter> | undefined;
    return {
      send: async (mail) => {
        transport ??= import('nodemailer').then((nodemailer) => nodemailer.default.createTransport(smtpUrl));
        await (await transport).sendMail({ from: options.from, ...mail });
      },
      readOutbox: null,
      close: () => void transport?.then((open) => open.close()),
    };
  }

  const file = path.join(options.dataDir, OUTBOX_FILE);
  return {
    send: async (mail) => {
      mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
      const message: MailMessage = {
        id: randomUUID(),
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        createdAt: new Date().toISOString(),
      };
      appendFileSync(file, `${JSON.stringify(message)}\n`, { mode: 0o600 });
    },
    readOutbox: (filter = {}) => {
      if (!existsSync(file)) return [];
      const wanted = filter.email?.trim().toLowerCase();
      return readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => mailMessageSchema.parse(JSON.parse(line)))
        .filter((message) => !wanted || message.to.toLowerCase() === wanted)
        .reverse();
    },
    close: () => undefined,
  };
}
