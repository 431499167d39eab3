import { AREA_PATH } from '#app/platform/brand.ts';

/** The pupil's grade simulator in Mijn Slaagbundel: "Mijn cijfers en slaagkans". */
export const GRADES_PATH = `${AREA_PATH}/cijfers`;
