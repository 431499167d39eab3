import { parseForm } from '#app/platform/schemas/form.ts';
import { data } from 'react-router';
import type { Route } from './+types/contact';
import { CONTACT_INBOX, pageTitle } from '#app/platform/brand.ts';
import { scopeContext } from '#app/context.ts';
import { pageMeta, publicUrlOf } from '#app/platform/seo-meta.ts';
import { ContactForm, type ContactFormResult } from '#app/modules/content/ui.ts';
import { contactSchema } from '#app/modules/content/index.ts';
import { submitContact } from '#app/modules/content/index.server.ts';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: pageTitle('Contact'),
    description:
      'Een vraag over je bestelling, een examenbundel of Mijn Slaagbundel? Stuur ons een bericht, we antwoorden meestal binnen twee werkdagen.',
    path: '/contact',
    publicUrl: publicUrlOf(matches),
  });

/** Parse with the shared schema → one service → answer (spec §8 success or the generic failure). */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), { schema: contactSchema });
  if (submission.status !== 'success') {
    return data<ContactFormResult>({ result: submission.reply() }, { status: 400 });
  }
  const scope = context.get(scopeContext);
  try {
    await submitContact(scope, submission.value);
  } catch (error) {
    scope.errors.capture(error, { action: 'contact' });
    // What was typed stays in the form.
    return data<ContactFormResult>({ result: submission.reply(), failed: true }, { status: 500 });
  }
  return { sentAt: Date.now() } satisfies ContactFormResult;
}

export default function ContactRoute({ actionData }: Route.ComponentProps) {
  return (
    <section className="container-page py-10 md:py-16">
      <div className="mx-auto grid max-w-5xl gap-10 md:grid-cols-[1fr_18rem]">
        <div>
          <h1 className="text-4xl font-extrabold text-brand-dark md:text-5xl">Contact</h1>
          <p className="mt-4 max-w-2xl text-lg text-ink-soft">
            Een vraag over je bestelling, een examenbundel of Mijn Slaagbundel? Stuur ons een bericht. We lezen alles
            zelf en antwoorden meestal binnen twee werkdagen.
          </p>
          <div className="mt-8">
            {/* A sent message gets a fresh, empty form. */}
            <ContactForm key={actionData?.sentAt ?? 'contact'} lastResult={actionData} />
          </div>
        </div>
        <aside aria-labelledby="contact-other" className="h-fit rounded-2xl bg-surface p-6">
          <h2 id="contact-other" className="text-lg font-bold">
            Liever mailen?
          </h2>
          <p className="mt-2">
            Dat kan ook:{' '}
            <a href={`mailto:${CONTACT_INBOX}`} className="font-semibold text-brand-dark underline underline-offset-4">
              {CONTACT_INBOX}
            </a>
          </p>
          <p className="mt-4 text-sm text-ink-soft">
            Zet bij een vraag over een bestelling je bestelnummer erbij, dan kunnen we je sneller helpen.
          </p>
        </aside>
      </div>
    </section>
  );
}
