/**
 * Sends one mail through the mail port (ADR 007): queued by services, so a
 * slow or failing mail server never fails the request that caused the mail;
 * a failed attempt is retried (5 times, from 1 to 16 minutes apart).
 */
import { z } from 'zod';
import { sendMail } from '#app/platform/server/mail.server.ts';
import { defineJob } from './define.ts';

export const sendMailJob = defineJob({
  name: 'send-mail',
  schema: z.object({
    to: z.email(),
    replyTo: z.email().optional(),
    subject: z.string().min(1).max(300),
    text: z.string().min(1).max(20_000),
    /** What the mail is about, for the mail log ('order:SB26-000123'). */
    ref: z.string().max(100).optional(),
  }),
  async handler(scope, mail) {
    await sendMail(scope, mail);
    return { to: mail.to };
  },
});
