import type { UserSubjectView } from '#app/modules/checks/index.ts';
import type { UserView } from '#app/modules/accounts/index.ts';

/** Who the area's guard let in (spec §2 guard steps 1 and 2): the signed-in user, for every area loader. */
export interface AreaVisitor {
  user: UserView;
}

/**
 * The signed-in user of the logged-in area with their subjects, as the API answers them: the area layout's
 * data. The subjects are read by the loaders that show them (`mySubjects`), not by the guard on every request.
 */
export interface AreaUser extends AreaVisitor {
  subjects: UserSubjectView[];
}

/** What the area layout's loader gives every area page (`useRouteLoaderData(AREA_ROUTE_ID)`). */
export interface AreaLayoutData {
  /** Null on the login pages for a visitor. */
  area: AreaUser | null;
  /** The colour theme class of the user's levels (spec §4), e.g. 'theme-vmbo'. */
  theme: string;
  /** The auth host's logout URL back to the home page (spec §7). */
  logoutUrl: string;
}

/** Route id of the area layout (app/routes.ts). */
export const AREA_ROUTE_ID = 'area___nl';
