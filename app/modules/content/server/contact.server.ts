import type { Scope } from '#app/platform/server/deps.ts';
import { BRAND, CONTACT_INBOX } from '#app/platform/brand.ts';
import { CONTACT_SUBJECT_LABELS } from '#app/modules/content/domain/contact.ts';
import type { ContactMessage } from '#app/modules/content/schemas/contact.ts';
import { insertContactMessage } from '#app/modules/content/db/contact.server.ts';
import type { OutgoingMail } from '#app/platform/integrations/mail/port.ts';
import { mailGreeting } from '#app/modules/accounts/index.ts';

/**
 * A contact-form message (spec §2, §8): stored first, so nothing is lost,
 * then two mails are queued (the `send-mail` job): the message to our inbox
 * with the sender as Reply-To, and a confirmation to the sender. A filled-in
 * honeypot (`website`) is accepted as if sent and dropped: a bot learns nothing.
 */
export async function submitContact(s: Scope, input: ContactMessage): Promise<{ stored: boolean }> {
  if (input.website) {
    s.logger.info({ honeypot: true }, 'contact message dropped');
    return { stored: false };
  }
  const { id } = await insertContactMessage(s.db, {
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
    orderNumber: input.orderNumber,
  });
  const topic = CONTACT_SUBJECT_LABELS[input.subject];
  const order = input.orderNumber ? `Bestelnummer: ${input.orderNumber}\n` : '';
  const toInbox: OutgoingMail = {
    to: CONTACT_INBOX,
    replyTo: input.email,
    subject: `Contactformulier: ${topic}`,
    text: `Van: ${input.name} <${input.email}>\nOnderwerp: ${topic}\n${order}Bericht-id: ${id}\n\n${input.message}\n`,
  };
  const confirmation: OutgoingMail = {
    to: input.email,
    subject: `We hebben je bericht ontvangen – ${BRAND.name}`,
    text:
      `${mailGreeting(input.name)}\n\n` +
      `Bedankt voor je bericht over "${topic}". We lezen alles zelf en antwoorden meestal binnen twee werkdagen.\n\n` +
      `Je schreef:\n${input.message}\n\n` +
      `Groet,\nHet team van ${BRAND.name}\n`,
  };
  await s.jobs.enqueue('send-mail', { ...toInbox });
  await s.jobs.enqueue('send-mail', { ...confirmation });
  return { stored: true };
}
