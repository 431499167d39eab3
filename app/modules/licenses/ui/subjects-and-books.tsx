import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseForm } from '#app/platform/schemas/form.ts';
import { useEffect, useId, useRef } from 'react';
import { Form } from 'react-router';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { Button } from '#app/ui/primitives/button.tsx';
import { ErrorSummary, useConformErrorSummary, useErrorSummary } from '#app/ui/primitives/error-summary.tsx';
import { fieldClass, FieldError } from '#app/ui/primitives/text-field.tsx';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { AREA_PATHS, type SubjectsIntent } from '#app/modules/accounts/index.ts';
import {
  LICENSE_CODE_HINT,
  answerFor,
  FormStatus,
  linkClass,
  Section,
  useSending,
  type AccountFormResult,
} from '#app/modules/accounts/ui.ts';
import { formatDutchDateWithYear } from '#app/platform/dates.ts';
import { LEVEL_LABELS, levelLabel } from '#app/platform/levels.ts';
import type { AvailableSubjectsView } from '#app/modules/catalog/index.ts';
import { type MySubjectView } from '#app/modules/checks/index.ts';
import { AccessBadge, accessOf } from '#app/modules/study/ui.ts';
import { type OwnedProductItemView, licenseCodeSchema } from '../schemas/licenses.ts';
import { MAX_LICENSE_CODE_LENGTH } from '../domain/license-codes.ts';

type Answer = AccountFormResult<SubjectsIntent> | undefined;

/** The user's subjects, each with its access, a way to buy access, and a form to remove it. */
export function MySubjects({ subjects, answer }: { subjects: MySubjectView[]; answer: Answer }) {
  const statusId = useId();
  // Adding and removing share one status line: the list is what changed.
  const listAnswer = answerFor(answer, 'remove') ?? answerFor(answer, 'add');
  const removing = useSending('remove');
  const statusRef = useRef<HTMLDivElement>(null);
  // The removed subject's button is gone with it: keep the focus in the list, on what happened.
  useEffect(() => {
    if (listAnswer?.intent === 'remove' && !listAnswer.failed) statusRef.current?.focus();
  }, [listAnswer]);
  // Adding or removing that failed (spec §8's generic notice): the summary above the list says so.
  const summary = useErrorSummary({
    refusal: listAnswer?.failed ? listAnswer : null,
    errors: listAnswer?.failed ? [{ message: MESSAGES.GENERIC_ERROR }] : [],
  });
  return (
    <Section id="my-subjects" title="Mijn vakken" intro="De vakken waarvoor je leert, met wat je ervan kunt gebruiken.">
      <ErrorSummary {...summary} headingLevel={3} className="mb-4" />
      <div ref={statusRef} tabIndex={-1} className="focus:outline-none">
        <FormStatus id={statusId} answer={listAnswer} />
      </div>
      {subjects.length === 0 ? (
        <p className="rounded-xl bg-surface p-4">Je hebt nog geen vakken gekozen. Voeg hieronder je vakken toe.</p>
      ) : (
        <ul className="mt-3 grid gap-3">
          {subjects.map((subject) => {
            const access = accessOf(subject);
            return (
              <li
                key={subject.id}
                className="flex flex-col gap-3 rounded-xl border-2 border-ink/10 p-4 sm:flex-row sm:items-center"
              >
                <div className="flex-1">
                  <h3 className="font-bold">{subject.name}</h3>
                  <p className="text-sm text-ink-soft">{levelLabel(subject.levelName)}</p>
                  <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
                    <AccessBadge subject={subject} />
                    {access.tone === 'full' ? null : (
                      <AppLink to={subject.shopHref ?? '/'} className={`${linkClass} text-sm`}>
                        {subject.shopHref ? 'Koop het boek' : 'Naar de webshop'}
                        <span className="sr-only"> voor {subject.name}</span>
                      </AppLink>
                    )}
                  </div>
                </div>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="subjectId" value={subject.id} />
                  <Button type="submit" variant="tertiary" size="small" disabled={removing}>
                    Verwijderen<span className="sr-only"> {subject.name}</span>
                  </Button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

/** The subjects of the user's levels not in their list yet: one button each adds it. */
export function AddSubjects({ available, needsLevel }: { available: AvailableSubjectsView[]; needsLevel: boolean }) {
  const adding = useSending('add');
  return (
    <Section id="add-subjects" title="Vak toevoegen" intro="Leer je nog een vak? Voeg het toe aan je lijst.">
      {needsLevel ? (
        <p>
          Kies eerst je niveau in je{' '}
          <AppLink to={AREA_PATHS.profile} className={linkClass}>
            profiel
          </AppLink>
          , dan laten we de vakken zien die erbij horen.
        </p>
      ) : available.length === 0 ? (
        <p>Je hebt alle vakken van je niveau al in je lijst.</p>
      ) : (
        <Form method="post" preventScrollReset className="grid gap-5">
          <input type="hidden" name="intent" value="add" />
          {available.map((group) => (
            <fieldset key={group.level}>
              <legend className="font-semibold">{LEVEL_LABELS[group.level]}</legend>
              <ul className="mt-2 grid gap-2 sm:grid-cols-2">
                {group.subjects.map((subject) => (
                  <li
                    key={subject.id}
                    className="flex items-center justify-between gap-3 rounded-xl bg-surface px-4 py-2"
                  >
                    <span>
                      {subject.name}
                      {subject.required ? (
                        <span className="ml-2 text-sm font-semibold text-brand-dark">verplicht</span>
                      ) : null}
                    </span>
                    <Button
                      type="submit"
                      name="ids"
                      value={subject.id}
                      variant="tertiary"
                      size="small"
                      disabled={adding}
                    >
                      Toevoegen<span className="sr-only"> {subject.name}</span>
                    </Button>
                  </li>
                ))}
              </ul>
            </fieldset>
          ))}
        </Form>
      )}
    </Section>
  );
}

/** Redeeming the license code from the back of a book: full access to its subject. */
export function LicenseForm({ answer, prefillCode = '' }: { answer: Answer; prefillCode?: string }) {
  const mine = answerFor(answer, 'license');
  const sending = useSending('license');
  const statusId = useId();
  const [form, fields] = useForm({
    id: 'license-form',
    lastResult: mine?.result,
    defaultValue: { code: prefillCode },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: licenseCodeSchema }),
  });
  const summary = useConformErrorSummary(form, mine?.result, {
    labels: { code: 'Code' },
    ...(mine?.failed ? { failed: mine, extra: [{ message: MESSAGES.GENERIC_ERROR }] } : {}),
  });
  const code = fields.code;
  const hintId = `${code.id}-hint`;
  return (
    <Section
      id="license"
      title="Code uit je boek activeren"
      intro="Heb je een Slaagbundel gekocht? Met de code achter in je boek krijg je volledige toegang tot dat vak."
    >
      <Form
        method="post"
        preventScrollReset
        {...getFormProps(form)}
        onSubmit={summary.onSubmit}
        aria-describedby={statusId}
        className="grid gap-4"
      >
        <ErrorSummary {...summary} headingLevel={3} className="" />
        <input type="hidden" name="intent" value="license" />
        <FormStatus id={statusId} answer={mine} />
        <div>
          <label htmlFor={code.id} className="font-semibold">
            Code
          </label>
          <p id={hintId} className="text-sm text-ink-soft">
            {LICENSE_CODE_HINT}
          </p>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <input
              {...getInputProps(code, { type: 'text' })}
              key={code.key}
              // Brought along from an article (?code=…): the field the visitor came for, with their code in it.
              autoFocus={Boolean(prefillCode) && !mine}
              autoComplete="off"
              spellCheck={false}
              maxLength={MAX_LICENSE_CODE_LENGTH}
              aria-describedby={[code.errors?.length ? `${code.id}-error` : undefined, hintId]
                .filter(Boolean)
                .join(' ')}
              className={`${fieldClass} font-mono uppercase sm:max-w-xs`}
            />
            <Button type="submit" disabled={sending} className="mt-1 shrink-0">
              {sending ? 'Bezig…' : 'Code activeren'}
            </Button>
          </div>
          <FieldError id={`${code.id}-error`} errors={code.errors} />
        </div>
      </Form>
    </Section>
  );
}

/** The products the user owns through redeemed codes (orders come with the shop). */
export function OwnedProducts({ owned }: { owned: OwnedProductItemView[] }) {
  return (
    <Section id="owned-products" title="Mijn boeken" intro="De boeken waarvan je de code hebt geactiveerd.">
      {owned.length === 0 ? (
        <p>
          Je hebt nog geen code geactiveerd. Nog geen boek?{' '}
          <AppLink to="/" className={linkClass}>
            Bekijk de webshop
          </AppLink>
          .
        </p>
      ) : (
        <>
          <ul className="grid gap-2">
            {owned.map((product) => (
              <li key={product.sku} className="rounded-xl bg-surface px-4 py-3">
                <p className="font-semibold">
                  {product.href ? (
                    <AppLink to={product.href} className={linkClass}>
                      {product.name}
                    </AppLink>
                  ) : (
                    product.name
                  )}
                </p>
                <p className="text-sm text-ink-soft">
                  Geactiveerd op {formatDutchDateWithYear(new Date(product.redeemedAt))}
                </p>
              </li>
            ))}
          </ul>
          <p className="mt-4">
            <AppLink to="/" className={linkClass}>
              Naar de webshop
            </AppLink>
          </p>
        </>
      )}
    </Section>
  );
}
