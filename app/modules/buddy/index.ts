export { BUDDY_MESSAGES } from './domain/messages.ts';
export {
  answerOrder,
  type BuddyCardSource,
  type BuddyIdiomSource,
  buddyQuery,
  buildBuddyIndex,
  rankPassages,
} from './domain/buddy-index.ts';
export {
  buddyAnswerSchema,
  type BuddyAnswerView,
  buddyQuestionSchema,
  chatbotIdParams,
  chatbotListSchema,
  chatbotSchema,
  idiomIdParams,
  idiomListSchema,
  idiomListsSchema,
  idiomSearchQuerySchema,
  MAX_BUDDY_QUESTION,
} from './schemas/buddy-idioms.ts';
