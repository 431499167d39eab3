import { AREA_PATH } from '#app/platform/brand.ts';
import { AREA_PATHS } from '#app/platform/area-paths.ts';
import { levelLabel } from '#app/platform/levels.ts';

/**
 * Addresses of the study area (spec §2): a subject page
 * /mijnslaagbundel/{id}/{slug} with its children, and the child
 * kaart/{subjectModalId} every one of them has.
 */

/** The children of a subject page (spec §2), by what they are. */
export const SUBJECT_CHILDREN = {
  overview: '',
  teachers: 'docenten',
  learn: 'leren-en-oefenen',
  results: 'maak-de-balans-op',
  useful: 'ook-handig',
} as const;

export type SubjectChild = keyof typeof SUBJECT_CHILDREN;

/** The slug of a subject's address: school subject and level, 'wiskunde-b-havo'. */
export function subjectSlug(subject: { slug: string; levelName: string }): string {
  return `${subject.slug}-${subject.levelName}`;
}

/** A subject's display name with its level: 'Wiskunde B havo'. */
export function subjectTitle(subject: { name: string; levelName: string }): string {
  return `${subject.name} ${levelLabel(subject.levelName)}`;
}

type SubjectRef = { id: number; slug: string; levelName: string };

/** /mijnslaagbundel/{id}/{slug}[/{child}] */
export function subjectPath(subject: SubjectRef, child: SubjectChild = 'overview'): string {
  const base = `${AREA_PATH}/${subject.id}/${subjectSlug(subject)}`;
  const segment = SUBJECT_CHILDREN[child];
  return segment ? `${base}/${segment}` : base;
}

export const buddyPath = (subject: SubjectRef, buddyId: number) => `${subjectPath(subject)}/${buddyId}/examenbuddy`;
export const idiomPath = (subject: SubjectRef, idiomId: number) => `${subjectPath(subject)}/${idiomId}/idioom`;
export const checkPath = (subject: SubjectRef, testId: number) =>
  `${subjectPath(subject, 'results')}/examencheck/${testId}`;
export const checkResultPath = (subject: SubjectRef, testId: number) => `${checkPath(subject, testId)}/resultaat`;

/** The card modal (spec §2 kaart/{subjectModalId}) on top of the page at `pagePath`, keeping its query. */
export function cardModalPath(pagePath: string, cardId: number, search = ''): string {
  return `${pagePath.replace(/\/+$/, '')}/kaart/${cardId}${search}`;
}

/** The query of a review session's address (issue 34): its subject, when it began, its cards. */
export const REVIEW_SESSION_QUERY = { subject: 'vak', started: 'sessie', cards: 'kaarten' } as const;

/**
 * The review session (issue 34) over the page at `pagePath` (the area home, or a subject's page): a child of
 * the page like a card modal, with a query of its own; on the area home `subjectId` picks the subject.
 */
export function reviewSessionPath(pagePath: string, subjectId?: number): string {
  const query = subjectId === undefined ? '' : `?${REVIEW_SESSION_QUERY.subject}=${subjectId}`;
  return `${pagePath.replace(/\/+$/, '')}/herhalen${query}`;
}

const REVIEW_SESSION = /\/herhalen\/?$/;

/** The page under a card modal or the review session: the address without its trailing kaart/{id} or herhalen. */
export function withoutCardModal(pathname: string): string {
  return pathname.replace(/\/kaart\/[^/]+\/?$/, '').replace(REVIEW_SESSION, '') || AREA_PATH;
}

/**
 * Whether a navigation opens a card modal or the review session over the page it is on (or goes from one
 * card to the next over it): the page, its query and what it shows stay the same. The session has a query
 * of its own.
 */
export function opensCardModal(current: URL, next: URL): boolean {
  return (
    (next.search === current.search || REVIEW_SESSION.test(next.pathname)) &&
    next.pathname !== withoutCardModal(next.pathname) &&
    withoutCardModal(next.pathname) === withoutCardModal(current.pathname)
  );
}

/**
 * Whether a click inside the signed-in area keeps the area layout's data (the user and their subjects, with each
 * subject's grade): everything but the pages that show those grades, the area home (and a card or the review
 * session over it) and the account pages, and the onboarding, which edits the user. A grade changes without a
 * form (an exam check is handed in through the API), so those pages read it again; the header and the theme show
 * only what changes through a form, and a form revalidates every loader (`keepDataOnClick`). Both addresses are
 * pages behind the guard (`signedIn`): leaving or entering the login pages reads the user again.
 */
export function keepsAreaData(current: URL, next: URL, signedIn: (pathname: string) => boolean): boolean {
  if (!signedIn(current.pathname) || !signedIn(next.pathname)) return false;
  const page = withoutCardModal(next.pathname).replace(/\/+$/, '') || AREA_PATH;
  const under = (base: string) => page === base || page.startsWith(`${base}/`);
  return page !== AREA_PATH && !under(AREA_PATHS.account) && !under(AREA_PATHS.onboarding);
}

/** An area article (spec §2): /mijnslaagbundel/article/{articleId}/{articleSlug}. */
export const areaArticlePath = (articleId: string, articleSlug: string) =>
  `${AREA_PATH}/article/${encodeURIComponent(articleId)}/${articleSlug}`;

/** A subject page or one of its children (spec §2 'the subject view'): /mijnslaagbundel/{id}/…. */
export function isSubjectView(pathname: string): boolean {
  return subjectIdOfPath(pathname) !== null;
}

const SUBJECT_VIEW = new RegExp(`^${AREA_PATH}/(\\d+)(/|$)`);

/** The subject id of a subject page's address (/mijnslaagbundel/{id}/…); null for any other address. */
export function subjectIdOfPath(pathname: string): number | null {
  const match = SUBJECT_VIEW.exec(pathname);
  return match ? Number(match[1]) : null;
}

/** The pupil's study plan (issue 20): "Mijn planning". */
export const PLAN_PATH = `${AREA_PATH}/planning`;
