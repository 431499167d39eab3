export { AREA_ROUTE_ID, type AreaLayoutData, type AreaUser, type AreaVisitor } from './schemas/area.ts';
export { type StudySubjectFile, studySubjectFileSchema } from './schemas/study-content.ts';
export { studySubjectSchema } from './schemas/subject.ts';
