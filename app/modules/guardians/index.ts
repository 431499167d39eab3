export { CHILD_STATUS_LABELS, MAX_PARENTS, type ChildSubjectStatus } from './domain/guardians.ts';
export { GUARDIAN_MESSAGES } from './domain/messages.ts';
export {
  acceptInvitationSchema,
  childrenSchema,
  parentInvitedSchema,
  parentInviteSchema,
  parentGradeShareSchema,
  parentLinkIdParamsSchema,
  parentLinksSchema,
  type ChildView,
  type ParentLinkView,
} from './schemas/guardians.ts';
