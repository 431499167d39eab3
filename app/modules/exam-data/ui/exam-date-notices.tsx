/**
 * A pupil's notices of an exam date that a published CvTE timetable moved (issue 35), on the area home: which
 * subject, from which day to which, its source, and "Begrepen" to close it (a form: works without JavaScript).
 */
import { Form } from 'react-router';
import { Button } from '#app/ui/primitives/button.tsx';

export interface ExamDateNoticeView {
  subjectId: number;
  subjectName: string;
  from: string;
  to: string;
  sourceName: string;
}

/** The intent of the area home's form that closes a notice. */
export const CLOSE_NOTICE_INTENT = 'close-exam-date-notice';

const weekdayDate = new Intl.DateTimeFormat('nl-NL', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const day = (date: string) => weekdayDate.format(new Date(`${date}T00:00:00Z`));

export function ExamDateNotices({ notices }: { notices: readonly ExamDateNoticeView[] }) {
  if (notices.length === 0) return null;
  return (
    <section
      aria-labelledby="examendatum-verplaatst"
      className="mt-6 rounded-2xl border-2 border-brand/40 bg-brand/5 p-4"
    >
      <h2 id="examendatum-verplaatst" className="text-lg font-bold">
        {notices.length === 1 ? 'Je examendatum is veranderd' : 'Je examendata zijn veranderd'}
      </h2>
      <ul className="mt-2 grid gap-3">
        {notices.map((notice) => (
          <li key={notice.subjectId} className="flex flex-wrap items-center justify-between gap-3">
            <p>
              <strong>{notice.subjectName}</strong>: van {day(notice.from)} naar <strong>{day(notice.to)}</strong>,
              volgens het {notice.sourceName}. Je planning richt zich nu op de nieuwe datum.
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value={CLOSE_NOTICE_INTENT} />
              <input type="hidden" name="subjectId" value={notice.subjectId} />
              <Button type="submit" variant="secondary" size="small">
                Begrepen<span className="sr-only"> ({notice.subjectName})</span>
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
