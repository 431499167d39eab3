import type { Profile } from '#app/platform/profiles.ts';
import { LEVEL_LABELS, type Level } from '#app/platform/levels.ts';
import type { UserLevel } from '#app/platform/education.ts';

/** Dutch names of the havo/vwo profiles with their code, as the account pages show them. */
export const PROFILE_NAMES: Readonly<Record<Profile, string>> = {
  NT: 'Natuur en Techniek (NT)',
  NG: 'Natuur en Gezondheid (NG)',
  EM: 'Economie en Maatschappij (EM)',
  CM: 'Cultuur en Maatschappij (CM)',
};

/** A user level's label: the levels of spec §9, and the generic vmbo of the onboarding. */
export function userLevelLabel(level: UserLevel): string {
  return level === 'vmbo' ? 'vmbo (leerweg nog niet gekozen)' : LEVEL_LABELS[level as Level];
}

/** The user's levels as a sentence part: 'havo en vwo'. */
export function levelsText(levels: readonly UserLevel[]): string {
  const labels = levels.map(userLevelLabel);
  if (labels.length <= 1) return labels[0] ?? '';
  return `${labels.slice(0, -1).join(', ')} en ${labels.at(-1)}`;
}

/** The hint under every license-code field (the account page and an article's block). */
export const LICENSE_CODE_HINT = 'Bijvoorbeeld SB27-HAVO-WB-0001. Hoofdletters, spaties en streepjes maken niet uit.';
