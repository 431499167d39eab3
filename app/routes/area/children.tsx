import { data, Form, useActionData, useLoaderData } from 'react-router';
import type { Route } from './+types/children';
import { requireAreaUser, scopeContext } from '#app/context.ts';
import { myChildren, setMyDigest } from '#app/modules/guardians/index.server.ts';
import { SharedGrades } from '#app/modules/grades/ui.ts';
import { formatExamDate } from '#app/modules/planner/index.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { Button } from '#app/ui/primitives/button.tsx';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Mijn kinderen') },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const linked = new URL(request.url).searchParams.has('gekoppeld');
  return { ...(await myChildren(context.get(scopeContext), requireAreaUser(context))), linked };
}

/** The weekly mail on or off. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const on = form.get('digest');
  if (on !== 'on' && on !== 'off') return data({ message: 'Kies aan of uit.' }, { status: 400 });
  return setMyDigest(context.get(scopeContext), requireAreaUser(context), on === 'on');
}

const TONES = {
  op_schema: 'bg-success-soft text-success',
  loopt_achter: 'bg-danger-soft text-danger',
  onbekend: 'bg-surface text-ink-soft',
} as const;

/** "Mijn kinderen" (issue 31): per child and subject, on schedule or behind for the exam date, and why. */
export default function ChildrenPage() {
  const { children, digest, linked } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <section className="container-page py-10 md:py-14">
      <h1 className="text-3xl font-extrabold text-brand-dark md:text-4xl">Mijn kinderen</h1>
      <p className="mt-2 max-w-prose text-lg text-ink-soft">
        Per vak: ligt je kind op schema voor de dag van het examen? Antwoorden zie je niet, cijfers alleen als je kind
        ze met je deelt.
      </p>
      {linked && !answer && children.length > 0 ? (
        <p role="status" className="mt-6 rounded-xl bg-success-soft px-4 py-3 font-semibold text-success">
          Gekoppeld: je volgt nu de voorbereiding van {children.map((c) => c.name).join(' en ')}.
        </p>
      ) : null}
      {answer?.message ? (
        <p role="status" className="mt-6 rounded-xl bg-success-soft px-4 py-3 font-semibold text-success">
          {answer.message}
        </p>
      ) : null}
      {children.length === 0 ? (
        <div className="mt-8 rounded-2xl bg-surface p-6">
          <p className="font-semibold">Je volgt nog geen kind.</p>
          <p className="mt-1">
            Je kind nodigt je uit vanuit Mijn Slaagbundel, onder “Mijn ouders”. Je krijgt dan een mail met een link.
          </p>
        </div>
      ) : (
        children.map((child) => (
          <section key={child.name} aria-labelledby={`child-${child.name}`} className="mt-8">
            <h2 id={`child-${child.name}`} className="text-2xl font-bold">
              {child.name}
            </h2>
            {child.subjects.length === 0 ? (
              <p className="mt-2 text-ink-soft">{child.name} heeft nog geen vakken gekozen.</p>
            ) : (
              <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {child.subjects.map((subject) => (
                  <li key={subject.id} className="rounded-2xl border-2 border-ink/10 p-5">
                    <h3 className="text-lg font-bold">{subject.name}</h3>
                    <p className={`mt-2 w-fit rounded-full px-3 py-1 text-sm font-semibold ${TONES[subject.status]}`}>
                      {subject.label}
                    </p>
                    <p className="mt-2">{subject.reason}</p>
                    <dl className="mt-3 text-sm">
                      <div>
                        <dt className="inline text-ink-soft">Deze week: </dt>
                        <dd className="inline">{subject.minutesThisWeek} minuten</dd>
                      </div>
                      <div>
                        <dt className="inline text-ink-soft">Examen: </dt>
                        <dd className="inline">
                          {subject.examDate ? formatExamDate(subject.examDate) : 'nog onbekend'}
                        </dd>
                      </div>
                    </dl>
                  </li>
                ))}
              </ul>
            )}
            {child.grades ? (
              <section
                aria-labelledby={`child-${child.name}-grades`}
                className="mt-6 rounded-2xl border-2 border-ink/10 p-5"
              >
                <h3 id={`child-${child.name}-grades`} className="text-lg font-bold">
                  Cijfers en slaagkans
                </h3>
                <p className="mt-1 text-sm text-ink-soft">
                  {child.name} deelt deze cijfers met je. Zo ziet {child.name} ze zelf ook.
                </p>
                <div className="mt-4">
                  <SharedGrades view={child.grades} headingLevel={4} />
                </div>
              </section>
            ) : (
              <p className="mt-4 text-sm text-ink-soft">
                {child.gradesShared
                  ? `Cijfers: ${child.name} deelt ze met je, maar heeft nog geen examenniveau gekozen.`
                  : `Cijfers: niet gedeeld door ${child.name}.`}
              </p>
            )}
          </section>
        ))
      )}
      {children.length > 0 ? (
        <Form method="post" className="mt-10 rounded-2xl bg-surface p-5">
          <h2 className="text-xl font-bold">Wekelijkse mail</h2>
          <p className="mt-1">
            {digest
              ? 'Je krijgt elke zondag een mail met de voortgang van je kinderen.'
              : 'Je krijgt geen wekelijkse mail.'}
          </p>
          <input type="hidden" name="digest" value={digest ? 'off' : 'on'} />
          <Button type="submit" variant="secondary" size="small" className="mt-3">
            {digest ? 'Wekelijkse mail uitzetten' : 'Wekelijkse mail aanzetten'}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
