import './study.css';
import { NavLink } from 'react-router';
import { AREA_PATH } from '#app/platform/brand.ts';
import { formatGrade } from '#app/modules/checks/index.ts';
import { subjectPath, subjectTitle, type SubjectChild } from '#app/platform/study-paths.ts';
import type { StudySubjectView } from '#app/modules/study/schemas/subject.ts';

const TABS: readonly { child: SubjectChild; label: string; teachersOnly?: boolean }[] = [
  { child: 'overview', label: 'Overzicht' },
  { child: 'learn', label: 'Leren en oefenen' },
  { child: 'results', label: 'Maak de balans op' },
  { child: 'useful', label: 'Ook handig' },
  { child: 'teachers', label: 'Voor docenten', teachersOnly: true },
];

/** The access a pupil has, in words (spec §4 Subject access). */
export function streamLabel(subject: StudySubjectView): { text: string; tone: string } {
  if (subject.stream.userHasAccess) return { text: 'Volledige toegang', tone: 'bg-success-soft text-success' };
  if (subject.stream.isLightStream) return { text: 'Proefversie', tone: 'bg-accent/40 text-ink' };
  return { text: 'Geen toegang', tone: 'bg-surface text-ink-soft' };
}

/** The subject page's heading, its access and latest grade, and the navigation between its parts (spec §2). */
export function SubjectHeader({
  subject,
  isTeacher,
  showTabs,
}: {
  subject: StudySubjectView;
  isTeacher: boolean;
  showTabs: boolean;
}) {
  const access = streamLabel(subject);
  const grade = subject.latestTestAttempt?.results.grade;
  const tabs = TABS.filter((tab) => !tab.teachersOnly || isTeacher);
  return (
    <div className="border-b-2 border-ink/10 bg-brand-soft">
      <div className="container-page pt-6 md:pt-8">
        <nav aria-label="Kruimelpad" className="text-sm">
          <ol className="flex flex-wrap gap-1 text-ink-soft">
            <li>
              <NavLink to={AREA_PATH} className="underline underline-offset-4 hover:text-ink">
                Mijn Slaagbundel
              </NavLink>
              <span aria-hidden="true"> / </span>
            </li>
            <li aria-current="page">{subjectTitle(subject)}</li>
          </ol>
        </nav>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
          <h1 className="text-3xl font-extrabold text-brand-dark md:text-4xl">{subjectTitle(subject)}</h1>
          <p className={`rounded-full px-3 py-1 text-sm font-semibold ${access.tone}`}>{access.text}</p>
          {grade !== undefined ? (
            <p className="text-sm text-ink-soft">
              Laatste examencheck: <strong className="text-ink">{formatGrade(Math.round(grade * 10))}</strong>
            </p>
          ) : null}
        </div>
        {showTabs ? (
          // Every part in view on a phone (issue 34: a scrolling row cut 'Maak de balans op' off without a hint): the
          // parts wrap as buttons below md, and stand as tabs on the page's edge from md.
          <nav aria-label="Onderdelen van dit vak" className="mt-5 pb-3 md:-mb-0.5 md:pb-0">
            <ul className="flex flex-wrap gap-2 md:flex-nowrap md:gap-1">
              {tabs.map((tab) => (
                <li key={tab.child}>
                  <NavLink
                    to={subjectPath(subject, tab.child)}
                    end={tab.child === 'overview'}
                    preventScrollReset
                    className={({ isActive }) =>
                      `block rounded-xl border-2 px-4 py-2.5 font-semibold focus-visible:outline-3 focus-visible:outline-focus md:rounded-b-none md:rounded-t-xl md:border-b-0 ${
                        isActive
                          ? 'border-ink/10 bg-white text-brand-dark'
                          : 'border-ink/10 bg-white/60 text-ink-soft hover:text-ink md:border-transparent md:bg-transparent'
                      }`
                    }
                  >
                    {tab.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : (
          <div className="h-6" />
        )}
      </div>
    </div>
  );
}
