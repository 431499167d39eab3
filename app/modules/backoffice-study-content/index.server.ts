export { studyContentDrafts } from './db/tables.ts';
export {
  discardStudyContent,
  draftFromContentService,
  listStudyContent,
  publishStudyContent,
  STUDY_CONTENT_REFUSAL_STATUS,
  type StudyContentRefusal,
  studyContentPreview,
  studyContentSource,
  uploadStudyContent,
} from './server/study-content.server.ts';
