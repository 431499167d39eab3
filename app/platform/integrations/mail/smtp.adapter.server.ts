import type { MailSender } from './port.ts';

/**
 * The real adapter: SMTP through nodemailer (SMTP_URL, e.g.
 * `smtps://user:password@smtp.example.nl:465`; `smtp://` upgrades with
 * STARTTLS when the server offers it). Loaded only when SMTP_URL is set.
 * A failure rejects, so the `send-mail` job retries.
 */
export async function createSmtpMailSender({ url, from }: { url: string; from: string }): Promise<MailSender> {
  const { createTransport } = await import('nodemailer');
  const transport = createTransport(url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        text: mail.text,
      });
    },
  };
}
