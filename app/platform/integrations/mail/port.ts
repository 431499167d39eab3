/**
 * Mail port: every mail the site sends goes through `send`. Adapters: the
 * outbox in our database (default; `npm start` and the tests) and, later,
 * SMTP by env (nodemailer). Chosen in server/composition.ts. Sending runs in
 * the `send-mail` background job, so a slow or failing mail server never
 * fails the request that caused the mail; the job retries.
 */
export interface OutgoingMail {
  to: string;
  replyTo?: string | undefined;
  subject: string;
  /** Plain text, in Dutch. */
  text: string;
}

export interface MailSender {
  readonly kind: 'outbox' | 'smtp';
  send(mail: OutgoingMail): Promise<void>;
}
