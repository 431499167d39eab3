export { STUDY_CONTENT_MESSAGES } from './domain/messages.ts';
export { STUDY_CONTENT_MAX_BODY_BYTES, STUDY_CONTENT_MAX_CHARS, STUDY_CONTENT_PATHS } from './domain/paths.ts';
export {
  draftParamsSchema,
  fromContentServiceSchema,
  STUDY_CONTENT_STATUS_LABELS,
  studyContentAnswerSchema,
  studyContentDraftSchema,
  type StudyContentDraftView,
  studyContentListSchema,
  type StudyContentListView,
  studyContentPreviewSchema,
  type StudyContentPreviewView,
  uploadStudyContentSchema,
} from './schemas/study-content.ts';
