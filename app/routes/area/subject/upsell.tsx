import { AREA_PATHS } from '#app/modules/accounts/index.ts';
import { formatMoney } from '#app/platform/sales.ts';
import { Link } from 'react-router';
import { ButtonLink } from '#app/ui/primitives/button.tsx';
import { AddToCartForm } from '#app/modules/shop/ui.ts';
import { TrialForm, type SubjectLayoutData } from '#app/modules/study/ui.ts';

/** Without access (spec §4 'no access'): what the subject offers and the bundle that unlocks it. */
export default function Upsell({ data: layout }: { data: SubjectLayoutData }) {
  const { subject, unlockProduct } = layout;
  return (
    <section className="container-page py-8" aria-labelledby="upsell-title">
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div>
          <h2 id="upsell-title" className="text-2xl font-bold">
            Wat je krijgt met de Slaagbundel {subject.name}
          </h2>
          {subject.aboutHtml ? (
            <div className="study-text mt-3" dangerouslySetInnerHTML={{ __html: subject.aboutHtml }} />
          ) : null}
          {subject.hasContent ? (
            <ul className="mt-6 grid gap-3 sm:grid-cols-2">
              <li className="rounded-2xl bg-surface p-4">
                <strong className="block text-2xl">{subject.counts.cards}</strong> leerkaarten met uitleg, oefenvragen
                en examenvragen
              </li>
              <li className="rounded-2xl bg-surface p-4">
                <strong className="block text-2xl">{subject.counts.topics}</strong> onderwerpen waarop je je voortgang
                ziet
              </li>
              <li className="rounded-2xl bg-surface p-4">
                <strong className="block text-2xl">{subject.counts.tests}</strong> examenchecks met een cijfer en je
                resultaten per onderwerp
              </li>
              <li className="rounded-2xl bg-surface p-4">
                <strong className="block text-2xl">{subject.counts.idioms}</strong> begrippen examenidioom, en een
                examenbuddy voor je vragen
              </li>
            </ul>
          ) : (
            <p className="mt-3">
              Voor dit vak krijg je de Slaagbundel op papier, met oefenexamens en uitwerkingen. De leerkaarten en
              examenchecks in Mijn Slaagbundel zijn er voor dit vak niet.
            </p>
          )}
        </div>
        <aside className="rounded-2xl border-2 border-ink/10 bg-white p-5" aria-label="Toegang krijgen">
          {layout.hasTrial ? (
            <div className="mb-5 border-b-2 border-ink/10 pb-5">
              <h3 className="font-bold">Eerst proberen?</h3>
              <p className="mt-1 text-sm">
                In de gratis proefversie lees je een deel van de kaarten en maak je een examencheck.
              </p>
              <TrialForm trial={{ id: subject.id, name: subject.name }} variant="primary">
                Start de gratis proefversie
              </TrialForm>
            </div>
          ) : null}
          {unlockProduct ? (
            <>
              <img
                src={unlockProduct.image}
                alt=""
                width={120}
                height={170}
                className="mx-auto h-auto w-28 rounded-md shadow-md"
              />
              <h3 className="mt-4 font-bold">{unlockProduct.name}</h3>
              <p className="mt-1 text-xl font-extrabold">{formatMoney(unlockProduct.priceCents)}</p>
              <div className="mt-4">
                <AddToCartForm
                  productId={unlockProduct.id}
                  productName={unlockProduct.name}
                  disabled={!unlockProduct.canOrder}
                />
              </div>
              <Link to={unlockProduct.href} className="mt-3 block text-sm font-semibold underline underline-offset-4">
                Meer over deze bundel
              </Link>
            </>
          ) : null}
          <p className="mt-5 border-t-2 border-ink/10 pt-4 text-sm">
            Heb je de bundel al? Activeer de code achter in je boek.
          </p>
          <ButtonLink to={AREA_PATHS.subjectsAndBooks} variant="secondary" size="small" className="mt-2">
            Code activeren
          </ButtonLink>
        </aside>
      </div>
    </section>
  );
}
