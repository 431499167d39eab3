import { data, Form, useActionData } from 'react-router';
import type { Route } from './+types/parent-digest-off';
import { scopeContext } from '#app/context.ts';
import { digestOff, GUARDIAN_REFUSAL_STATUS } from '#app/modules/guardians/index.server.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { Button } from '#app/ui/primitives/button.tsx';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Wekelijkse mail uitzetten') },
  { name: 'robots', content: 'noindex' },
];

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

/** Switches the weekly mail off: a post (a mail client's prefetch of the link changes nothing). */
export async function action({ params, context }: Route.ActionArgs) {
  const off = await digestOff(context.get(scopeContext), params.token ?? '');
  if (!off.ok) return data({ message: off.message, done: false }, { status: GUARDIAN_REFUSAL_STATUS[off.reason] });
  return { message: off.value.message, done: true };
}

/** The weekly parents' mail's own link (issue 31): one button, no sign-in needed. */
export default function ParentDigestOff() {
  const answer = useActionData<typeof action>();
  return (
    <section className="container-page max-w-2xl py-10 md:py-14">
      <h1 className="text-3xl font-extrabold text-brand-dark md:text-4xl">Wekelijkse mail uitzetten</h1>
      {answer ? (
        <p role={answer.done ? 'status' : 'alert'} className="mt-6 rounded-xl bg-surface px-4 py-3 font-semibold">
          {answer.message}
        </p>
      ) : (
        <Form method="post" className="mt-6">
          <p>Je krijgt dan geen zondagse mail meer over de examenvoorbereiding van je kinderen.</p>
          <Button type="submit" className="mt-4">
            Mail uitzetten
          </Button>
        </Form>
      )}
    </section>
  );
}
