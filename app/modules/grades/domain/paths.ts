import { AREA_PATH } from '#app/platform/brand.ts';

/** The pupil's grade simulator in Mijn Slaagbundel: "Mijn cijfers en slaagkans". */
export const GRADES_PATH = `${AREA_PATH}/cijfers`;

/** The public grade calculator: score → grade with an N-term, and the pass/fail check (issue 21, part 6). */
export const GRADE_CALCULATOR_PATH = '/exameninfo/cijfer-berekenen';
