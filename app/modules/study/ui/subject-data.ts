import type { StudySubjectView } from '#app/modules/study/schemas/subject.ts';
import type { ProductSummary } from '#app/modules/catalog/index.ts';

/** Route id of the subject page's layout (app/routes.ts); its children read it with useRouteLoaderData. */
export const SUBJECT_ROUTE_ID = 'subject___nl';

/** What the subject page's layout gives its children (spec §2 /mijnslaagbundel/{id}/{slug}). */
export interface SubjectLayoutData {
  subject: StudySubjectView;
  /** The exam bundle that unlocks the subject, shown without full access. */
  unlockProduct: ProductSummary | null;
  /** Without access: the subject has a free trial the pupil can start (issue 34). */
  hasTrial: boolean;
  isTeacher: boolean;
}
