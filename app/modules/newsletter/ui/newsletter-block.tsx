import NewsletterOptIn from './newsletter-opt-in.tsx';

/** An article's newsletter block (an editor's `[[nieuwsbrief]]`): the light double opt-in sign-up in a band. */
export default function NewsletterBlock({ source }: { source: string }) {
  return (
    <aside aria-label="Nieuwsbrief" className="my-8 rounded-3xl bg-brand-soft p-5 ring-1 ring-brand/20 sm:p-6">
      <p className="text-xl font-extrabold text-brand-dark">Meer examentips in je mail</p>
      <p className="mt-1 mb-4 text-ink-soft">
        Twee keer per maand tips voor je planning en je examens, in de examenweken elke week. Gratis.
      </p>
      <NewsletterOptIn source={source} />
    </aside>
  );
}
