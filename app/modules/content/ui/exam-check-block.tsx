import { useId } from 'react';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { ButtonLink } from '#app/ui/primitives/button.tsx';
import { ArrowRightIcon } from '#app/ui/primitives/icons.tsx';
import { studyAreaHref } from '#app/modules/cards/index.ts';
import { type ArticleExamCheck } from '#app/modules/checks/index.ts';
import type { ArticleProduct } from '#app/modules/content/schemas/views.ts';

/**
 * An article's exam-check block (an editor's `[[examencheck: SKU]]`): an
 * invitation to take the exam check of the product's subject in Mijn
 * Slaagbundel. The same for every reader (public pages are the same HTML for
 * everyone): the study area asks a visitor to sign in, and shows a pupil
 * without access what the product's code unlocks.
 */
export default function ExamCheckBlock({
  product,
  examCheck,
}: {
  product: ArticleProduct;
  examCheck: ArticleExamCheck;
}) {
  const titleId = useId();
  return (
    <aside aria-labelledby={titleId} className="my-8 rounded-3xl bg-brand-soft p-5 ring-1 ring-brand/20 sm:p-6">
      <p className="text-sm font-semibold tracking-wide text-brand-dark uppercase">Examencheck · Mijn Slaagbundel</p>
      <p id={titleId} className="mt-1 text-xl font-extrabold">
        Hoe sta jij ervoor in {examCheck.subjectTitle}?
      </p>
      <p className="mt-2 text-ink-soft">
        {examCheck.checks === 1 ? 'Eén examencheck' : `${examCheck.checks} examenchecks`} met samen{' '}
        {examCheck.questions} vragen in de stijl van het centraal examen. Je ziet meteen welk cijfer je nu zou halen en
        per onderwerp wat je al beheerst.
      </p>
      <p className="mt-4">
        <ButtonLink to={studyAreaHref(examCheck.subject, 'results')} className="gap-2">
          Start de examencheck <ArrowRightIcon width={18} height={18} aria-hidden="true" />
        </ButtonLink>
      </p>
      <p className="mt-3 text-sm text-ink-soft">
        Je logt in met je Slaagbundel-account. Toegang krijg je met de code achter in de{' '}
        <AppLink to={product.href} className="font-semibold text-brand-dark underline underline-offset-4">
          {product.name}
        </AppLink>
        .
      </p>
    </aside>
  );
}
