/**
 * The buddy's refusals: access to a subject's buddy or idiom list, the cards module's reasons (ADR 014), with
 * the buddy's own "not found" messages.
 */
import { accessRefusal, type StudyRefusal } from '#app/modules/cards/index.server.ts';
import { BUDDY_MESSAGES } from '#app/modules/buddy/domain/messages.ts';

const NOT_FOUND_MESSAGES = {
  chatbot: BUDDY_MESSAGES.UNKNOWN_CHATBOT,
  idiom: BUDDY_MESSAGES.UNKNOWN_IDIOM,
} as const;

/** The status and Dutch message of a refusal about an exam buddy or an idiom list. */
export const buddyRefusal = <R extends StudyRefusal>(reason: R, thing: keyof typeof NOT_FOUND_MESSAGES) =>
  accessRefusal(reason, NOT_FOUND_MESSAGES[thing]);
