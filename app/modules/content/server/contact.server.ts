import type { Scope } from '#app/platform/server/deps.ts';
import { BRAND, CONTACT_INBOX } from '#app/platform/brand.ts';
import { CONTACT_SUBJECT_LABELS } from '#app/modules/content/domain/contact.ts';
import { CONTENT_MESSAGES } from '#app/modules/content/domain/messages.ts';
import {
  pupilsText,
  QUOTE_CONTACT_SUBJECT,
  QUOTE_REQUESTS,
  quoteMessageText,
} from '#app/modules/content/domain/teachers.ts';
import { ok, refuse, type Result } from '#app/platform/result.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import type { ContactMessage } from '#app/modules/content/schemas/contact.ts';
import type { QuoteSubmission } from '#app/modules/content/schemas/quote.ts';
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
  await queueMails(s, {
    toInbox: {
      to: CONTACT_INBOX,
      replyTo: input.email,
      subject: `Contactformulier: ${topic}`,
      text: `Van: ${input.name} <${input.email}>\nOnderwerp: ${topic}\n${order}Bericht-id: ${id}\n\n${input.message}\n`,
    },
    confirmation: confirmationMail(input, `Bedankt voor je bericht over "${topic}".`, input.message),
  });
  return { stored: true };
}

/** Why a quote request was refused: too many from this client (429), or the shared counter is down (503). */
export interface QuoteRefusal {
  reason: 'rate_limited' | 'unavailable';
  message: string;
  retryAfterSeconds: number;
}

/**
 * A quote request for a class licence (/voor-docenten/offerte, issue 31): school orders are paid by invoice,
 * so a school asks for a quote instead of ordering. It is a contact message like any other: stored in the
 * same inbox (`contact_messages`, subject 'school', the request as its text), mailed to our inbox with the
 * sender as Reply-To, and confirmed to the sender the way a contact message is. At most QUOTE_REQUESTS per
 * client (`client`: its address); the honeypot drops bots.
 */
export async function submitQuoteRequest(
  s: Scope,
  input: QuoteSubmission,
  client = 'unknown',
): Promise<Result<{ stored: boolean }, QuoteRefusal>> {
  const decision = await s.rateLimit?.consume(QUOTE_REQUESTS, client);
  if (decision && !decision.allowed) {
    return refuse<QuoteRefusal>({
      reason: decision.unavailable ? 'unavailable' : 'rate_limited',
      message: decision.unavailable
        ? MESSAGES.SERVICE_UNAVAILABLE
        : CONTENT_MESSAGES.QUOTE_TOO_MANY(Math.max(1, Math.ceil(decision.retryAfterSeconds / 60))),
      retryAfterSeconds: decision.retryAfterSeconds,
    });
  }
  if (input.website) {
    s.logger.info({ honeypot: true }, 'quote request dropped');
    return ok({ stored: false });
  }
  const message = quoteMessageText(input);
  const { id } = await insertContactMessage(s.db, {
    name: input.name,
    email: input.email,
    subject: QUOTE_CONTACT_SUBJECT,
    message,
    orderNumber: undefined,
  });
  const topic = CONTACT_SUBJECT_LABELS[QUOTE_CONTACT_SUBJECT];
  await queueMails(s, {
    toInbox: {
      to: CONTACT_INBOX,
      replyTo: input.email,
      subject: `Offerteaanvraag klaslicentie: ${input.school} (${pupilsText(input.pupils)})`,
      text: `Van: ${input.name} <${input.email}>\nOnderwerp: ${topic}\nBericht-id: ${id}\n\n${message}\n`,
    },
    confirmation: confirmationMail(
      input,
      'Bedankt voor je aanvraag van een offerte voor een klaslicentie. Je krijgt van ons een offerte op maat; scholen betalen op factuur.',
      message,
      'We hebben je offerteaanvraag ontvangen',
    ),
  });
  return ok({ stored: true });
}

/** The confirmation to the sender: the thanks, what we do next, and what they wrote. */
function confirmationMail(
  sender: { name: string; email: string },
  thanks: string,
  wrote: string,
  subject = 'We hebben je bericht ontvangen',
): OutgoingMail {
  return {
    to: sender.email,
    subject: `${subject} – ${BRAND.name}`,
    text:
      `${mailGreeting(sender.name)}\n\n` +
      `${thanks} We lezen alles zelf en antwoorden meestal binnen twee werkdagen.\n\n` +
      `Je schreef:\n${wrote}\n\n` +
      `Groet,\nHet team van ${BRAND.name}\n`,
  };
}

/** Both mails go through the `send-mail` job: the message to our inbox first, then the confirmation. */
async function queueMails(s: Scope, mails: { toInbox: OutgoingMail; confirmation: OutgoingMail }) {
  await s.jobs.enqueue('send-mail', { ...mails.toInbox });
  await s.jobs.enqueue('send-mail', { ...mails.confirmation });
}
