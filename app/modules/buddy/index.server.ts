export { type BuddyContent, importBuddyContent } from './db/content-import.server.ts';
export { chatbots, idiomEntries, idiomLists } from './db/tables.ts';
export { subjectBuddy } from './server/buddy-state.server.ts';
export {
  askBuddy,
  askBuddyAndRemember,
  clearBuddyConversation,
  getBuddyConversation,
  getChatbot,
  getIdiomList,
  listMyChatbots,
  listMyIdiomLists,
} from './server/buddy.server.ts';
export { buddyRefusal } from './server/refusals.server.ts';
