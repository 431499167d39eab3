export { BUDDY_MESSAGES } from './domain/messages.ts';
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
