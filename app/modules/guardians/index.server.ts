export { parentLinks } from './db/tables.ts';
/** The demo seed's link of the demo parent to the demo pupil (README). */
export { insertActiveLink as linkDemoParent } from './db/links.server.ts';
export {
  acceptParentInvitation,
  CHILDREN_PATH,
  digestOff,
  digestToken,
  DIGEST_OFF_PATH,
  endParentLink,
  followsChildren,
  GUARDIAN_REFUSAL_STATUS,
  invitationFor,
  INVITATION_PATH,
  inviteParent,
  listMyParents,
  myChildren,
  PARENT_INVITES,
  sendParentDigests,
  setMyDigest,
  setParentGradeShare,
  type GuardianRefusal,
} from './server/guardians.server.ts';
