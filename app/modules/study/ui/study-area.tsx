import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { ArrowRightIcon } from '#app/ui/primitives/icons.tsx';
import { studyAreaHref, type StudyAreaLink } from '#app/modules/cards/index.ts';

const PARTS: readonly { link: StudyAreaLink; title: string; text: string; action: string }[] = [
  {
    link: 'learningCards',
    title: 'Leerkaarten',
    text: 'Alle examenstof in korte leerkaarten per onderwerp. Markeer wat je al kent, dan zie je alleen nog wat je moet herhalen.',
    action: 'Naar je leerkaarten',
  },
  {
    link: 'examQuestions',
    title: 'Examenvragen',
    text: 'Oefen met vragen in de stijl van het centraal examen, met een uitwerking die laat zien waar de punten zitten.',
    action: 'Oefen met examenvragen',
  },
  {
    link: 'results',
    title: 'Examencheck en resultaten',
    text: 'Test jezelf, zie welk cijfer je nu zou halen en per onderwerp hoe goed je het beheerst.',
    action: 'Start de examencheck',
  },
  {
    link: 'examBuddy',
    title: 'Examenbuddy en examenidioom',
    text: 'Vraag de examenbuddy iets over de stof: hij zoekt het antwoord in je leerkaarten. En leer de examenwoorden.',
    action: 'Naar de examenbuddy',
  },
];

/**
 * 'Wat krijg je in Mijn Slaagbundel': the digital part that comes with a
 * product, each part linking to its page of the subject in the study area
 * (listings with the spec §2 query parameters sections[], examTypes[], hideLearned).
 * Only for products whose subject has study content.
 */
export function StudyAreaSection({
  subjectTitle,
  levelLabel,
  subject,
}: {
  subjectTitle: string;
  levelLabel: string;
  /** The product's subject in Mijn Slaagbundel. */
  subject: { id: number; slug: string; levelName: string };
}) {
  return (
    <section aria-labelledby="study-area-title" className="rounded-3xl bg-brand-soft p-6 ring-1 ring-brand/15 md:p-10">
      <h2 id="study-area-title" className="text-3xl font-extrabold">
        Wat krijg je in Mijn Slaagbundel
      </h2>
      <p className="mt-2 max-w-3xl text-lg text-ink-soft">
        In je boek staat een licentiecode. Daarmee zet je {subjectTitle} {levelLabel} klaar in Mijn Slaagbundel, je
        eigen online oefenomgeving op je telefoon en laptop.
      </p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {PARTS.map((part, i) => (
          <li key={part.link} className="flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/10">
            <span
              aria-hidden="true"
              className="flex h-10 w-10 items-center justify-center rounded-full bg-brand font-display text-lg font-extrabold text-white"
            >
              {i + 1}
            </span>
            <h3 className="mt-3 text-xl font-bold">{part.title}</h3>
            <p className="mt-1 mb-4 text-ink-soft">{part.text}</p>
            <AppLink
              to={studyAreaHref(subject, part.link)}
              className="mt-auto inline-flex items-center gap-1 font-semibold text-brand-dark underline underline-offset-4 hover:no-underline focus-visible:outline-3 focus-visible:outline-focus"
            >
              {part.action} <ArrowRightIcon width={18} height={18} />
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
