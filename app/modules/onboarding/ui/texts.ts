import type { MetaDescriptor } from 'react-router';
import { pageTitle } from '#app/platform/brand.ts';
import type { EducationRole } from '#app/platform/education.ts';
import type { Profile } from '#app/platform/profiles.ts';
import type { BaseLevel, SubLevel } from '#app/modules/onboarding/domain/onboarding.ts';

/**
 * What the onboarding says, per step and role: friendly and short for
 * pupils, to the point for teachers. The spec shows none of these texts.
 */
export interface StepText {
  heading: string;
  intro: string;
  /** Document title (with "Stap x van y" in front). */
  title: string;
}

export const STEP_TEXTS = {
  role: (): StepText => ({
    heading: 'Wie ben jij?',
    intro: 'Dan laten we je precies de stof zien die bij jou past. Je kunt dit later altijd aanpassen.',
    title: 'Wie ben jij?',
  }),
  baseLevel: (role: EducationRole): StepText =>
    role === 'teacher'
      ? {
          heading: 'Op welke niveaus geef je les?',
          intro: 'Kies er één of meer.',
          title: 'Niveaus kiezen',
        }
      : {
          heading: 'Op welk niveau zit je?',
          intro: 'Kies het niveau waarop je eindexamen doet.',
          title: 'Niveau kiezen',
        },
  examYear: (): StepText => ({
    heading: 'In welk jaar doe je eindexamen?',
    intro: 'Dan weten we hoeveel tijd je nog hebt om te oefenen.',
    title: 'Examenjaar kiezen',
  }),
  subLevel: (role: EducationRole): StepText =>
    role === 'teacher'
      ? {
          heading: 'Welke leerwegen geef je les?',
          intro: 'Kies er één of meer.',
          title: 'Leerwegen kiezen',
        }
      : {
          heading: 'Welke leerweg volg je?',
          intro: 'Op het vmbo doe je examen in je eigen leerweg.',
          title: 'Leerweg kiezen',
        },
  profile: (): StepText => ({
    heading: 'Welk profiel heb je?',
    intro: 'De vakken van je profiel zetten we in de volgende stap alvast voor je klaar.',
    title: 'Profiel kiezen',
  }),
  subjects: (role: EducationRole): StepText =>
    role === 'teacher'
      ? {
          heading: 'Welke vakken wil je bekijken?',
          intro: 'Kies de vakken die je geeft. Je kunt dit later altijd aanpassen.',
          title: 'Vakken kiezen',
        }
      : {
          heading: 'Welke vakken wil je oefenen?',
          intro:
            'Je verplichte vakken staan al klaar. Zet er de vakken bij die je wilt oefenen; aanpassen kan later ook.',
          title: 'Vakken kiezen',
        },
} as const;

export const ROLE_DESCRIPTIONS: Readonly<Record<EducationRole, string>> = {
  pupil: 'Ik zit op school en doe binnenkort eindexamen.',
  teacher: 'Ik geef les: ik maak klassen, zie per leerling wie op schema ligt voor het examen en geef opdrachten.',
};

export const BASE_LEVEL_DESCRIPTIONS: Readonly<Record<BaseLevel, string>> = {
  vmbo: 'Basis, kader, gemengd of theoretisch',
  havo: 'Hoger algemeen voortgezet onderwijs',
  vwo: 'Atheneum of gymnasium',
};

export const SUB_LEVEL_DESCRIPTIONS: Readonly<Record<SubLevel, string>> = {
  'vmbo-b': 'Basisberoepsgerichte leerweg',
  'vmbo-k': 'Kaderberoepsgerichte leerweg',
  'vmbo-gl-tl': 'Gemengde of theoretische leerweg',
};

export const PROFILE_DESCRIPTIONS: Readonly<Record<Profile, string>> = {
  NT: 'Met wiskunde B, natuurkunde en scheikunde',
  NG: 'Met biologie en scheikunde',
  EM: 'Met economie, wiskunde A en geschiedenis',
  CM: 'Met geschiedenis, kunst en talen',
};

/** "Dit schooljaar", "Volgend schooljaar" for the first two exam years. */
export function examYearHint(index: number): string | undefined {
  return ['Dit schooljaar', 'Volgend schooljaar'][index];
}

export const SUBJECT_BADGES = {
  required: 'verplicht',
  hasAccess: 'Je hebt al toegang',
  /** The group of subjects with access at a level the user did not choose. */
  elsewhere: 'Hier heb je al toegang toe',
  none: 'Voor dit niveau hebben we nog geen vakken. Kies een ander niveau of probeer het later nog eens.',
} as const;

export const SUBMIT_LABELS = { next: 'Volgende', done: 'Klaar, naar Mijn Slaagbundel', busy: 'Even geduld…' } as const;

/** "Stap 2 van 5: Niveau kiezen | Slaagbundel" without the suffix. */
export function stepTitle(progress: { current: number; total: number }, title: string): string {
  return `Stap ${progress.current} van ${progress.total}: ${title}`;
}

/** The head of a step: "Stap x van y: …" as the title, and not for search engines. */
export function stepMeta(progress: { current: number; total: number } | undefined, title: string): MetaDescriptor[] {
  return [{ title: pageTitle(progress ? stepTitle(progress, title) : title) }, { name: 'robots', content: 'noindex' }];
}
