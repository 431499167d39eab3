import { getFormProps, useForm, type Submission, type SubmissionResult } from '@conform-to/react';
import { parseForm } from '#app/platform/schemas/form.ts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Form, useFetcher, useNavigation } from 'react-router';
import type { z } from 'zod';
import { Button, ButtonLink } from '#app/ui/primitives/button.tsx';
import { toggleInArray } from '#app/platform/toggle.ts';
import { DRAFT_INTENT } from '#app/modules/onboarding/schemas/onboarding.ts';
import { SUBMIT_LABELS } from './texts.ts';

export interface ChoiceOption {
  value: string;
  label: string;
  description?: string | undefined;
  /** A short mark on the card ('verplicht', 'Je hebt al toegang', 'NT'). */
  badges?: { text: string; tone: 'neutral' | 'success' }[] | undefined;
  /** Chosen and cannot be unchosen (a pupil's required subject). */
  locked?: boolean | undefined;
  /** A colour swatch: the level theme class (e.g. 'theme-vmbo'). */
  swatch?: string | undefined;
}

export interface ChoiceGroup {
  /** Shown as the group's legend when there is more than one group. */
  label?: string | undefined;
  options: ChoiceOption[];
  /** Shown instead of the options when there are none. */
  empty?: string | undefined;
}

/** What a step's action answers when the choice did not pass its schema: the errors and what was chosen. */
export interface ChoiceStepResult {
  result: SubmissionResult<string[]>;
}

export interface ChoiceStepProps {
  /** The step's schema (app/modules/onboarding/schemas/onboarding.ts): the browser validates with it before sending. */
  schema: z.ZodType<Record<string, unknown>>;
  lastResult: ChoiceStepResult | undefined;
  /** The form field's name. */
  name: string;
  /** Checkboxes (several, each toggles) or radio cards (one; choosing the chosen one again clears it, unless not `clearable`). */
  multiple: boolean;
  /**
   * Radio cards only: whether choosing the chosen one again clears it (spec §4,
   * the default). False makes a plain radio group: a tap or Space chooses, never unchooses.
   */
  clearable?: boolean;
  /**
   * Whether a choice is saved in the draft as soon as it is made (so it survives a reload):
   * the step's action gets the field with `intent=draft` and answers without redirecting.
   * Without JavaScript the choice is saved by Next.
   */
  autosave?: boolean;
  groups: ChoiceGroup[];
  /** What is chosen when the step opens (the draft, or a default). */
  defaultValue: string[];
  heading: string;
  intro: string;
  progress: { current: number; total: number };
  /** The previous step, or null on the first. */
  backTo: string | null;
  submitLabel?: string;
  /** Cards per row from the sm breakpoint up. */
  columns?: 1 | 2 | 3;
}

const COLUMNS = { 1: '', 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3' } as const;

const BADGE_TONES = {
  neutral: 'bg-white text-ink ring-1 ring-ink/25',
  success: 'bg-success-soft text-success ring-1 ring-success/30',
} as const;

const asList = (value: unknown): string[] | undefined => {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return typeof value === 'string' ? [value] : undefined;
};

/** Steps shown after the first page of this visit get the focus on their heading (moved, so it is announced). */
let shownOne = false;

/**
 * One step of the onboarding: a plain form (it works without JavaScript; the
 * action saves the draft and redirects to the next step), "Stap x van y",
 * the question as the legend of its group of big choice cards, Back and Next.
 * In the browser the same schema as the action checks the choice first
 * (Conform). A choice the server refused comes back with its message, kept.
 */
export function ChoiceStep({
  schema,
  lastResult,
  name,
  multiple,
  clearable = true,
  autosave = false,
  groups,
  defaultValue,
  heading,
  intro,
  progress,
  backTo,
  submitLabel = SUBMIT_LABELS.next,
  columns = 1,
}: ChoiceStepProps) {
  const navigation = useNavigation();
  const draftSaver = useFetcher({ key: `onboarding-draft-${name}` });
  const introId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useForm<Record<string, string[]>>({
    lastResult: lastResult?.result,
    defaultValue: { [name]: defaultValue },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    // The form's values are the field's list of chosen values, whatever type the schema makes of them.
    onValidate: ({ formData }) => parseForm(formData, { schema }) as Submission<Record<string, string[]>>,
  });
  const field = fields[name]!;
  const [selected, setSelected] = useState<string[]>(() => asList(field.initialValue) ?? defaultValue);
  const error = Object.values(field.allErrors ?? {}).flat()[0];

  useEffect(() => {
    if (shownOne) headingRef.current?.focus();
    shownOne = true;
  }, []);

  const showGroupLabels = groups.length > 1;
  const describedBy = [introId, error ? field.errorId : null].filter(Boolean).join(' ');

  const choose = (next: string[]) => {
    setSelected(next);
    if (!autosave) return;
    const body = new FormData();
    body.set(DRAFT_INTENT.name, DRAFT_INTENT.value);
    next.forEach((value) => body.append(name, value));
    // The draft changes nothing the page shows: no loader runs again after it.
    void draftSaver.submit(body, { method: 'post', defaultShouldRevalidate: false });
  };
  /**
   * Next while a choice is still being saved waits for that save: the two requests would otherwise race,
   * and a save answered during the step change could put the old step back under the new address.
   */
  const formProps = getFormProps(form);
  const [submitAfterSave, setSubmitAfterSave] = useState<{ submitter: HTMLElement | null } | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    if (event.defaultPrevented || draftSaver.state === 'idle') return;
    event.preventDefault();
    setSubmitAfterSave({ submitter: (event.nativeEvent as SubmitEvent).submitter });
  };
  useEffect(() => {
    if (!submitAfterSave || draftSaver.state !== 'idle') return;
    setSubmitAfterSave(null);
    formRef.current?.requestSubmit(submitAfterSave.submitter ?? undefined);
  }, [submitAfterSave, draftSaver.state]);
  const busy = navigation.state === 'submitting' || submitAfterSave !== null;
  const clears = !multiple && clearable;

  const card = (option: ChoiceOption) => {
    const checked = option.locked === true || selected.includes(option.value);
    return (
      <li key={option.value}>
        <label
          className={[
            'flex min-h-16 items-center gap-4 rounded-2xl border-2 bg-white px-4 py-3 transition-colors duration-(--duration-transition)',
            'has-checked:border-brand has-checked:bg-brand-soft',
            'has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus',
            option.locked ? 'border-brand/60' : 'cursor-pointer border-ink/15 hover:border-brand',
          ].join(' ')}
        >
          <input
            type={multiple ? 'checkbox' : 'radio'}
            name={option.locked ? undefined : name}
            value={option.value}
            checked={checked}
            disabled={option.locked}
            onChange={() => choose(multiple ? toggleInArray(selected, option.value) : [option.value])}
            // Spec §4: choosing the chosen one again clears it (a radio sends no change event then).
            onClick={() => {
              if (clears && selected[0] === option.value) choose([]);
            }}
            // The same with the keyboard: Space on the chosen radio (browsers send no click for it).
            onKeyDown={(event) => {
              if (!clears || event.key !== ' ' || selected[0] !== option.value) return;
              event.preventDefault();
              choose([]);
            }}
            className="size-5 shrink-0 accent-brand-dark focus-visible:outline-none"
          />
          {option.swatch ? (
            <span aria-hidden="true" className={`${option.swatch} size-4 shrink-0 rounded-full bg-brand`} />
          ) : null}
          <span className="min-w-0 flex-1">
            <span className="block text-lg leading-snug font-bold wrap-break-word hyphens-auto">{option.label}</span>
            {option.description ? <span className="block text-sm text-ink-soft">{option.description}</span> : null}
          </span>
          {option.badges?.length ? (
            <span className="flex flex-col items-end gap-1">
              {option.badges.map((badge) => (
                <span
                  key={badge.text}
                  className={`rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${BADGE_TONES[badge.tone]}`}
                >
                  {badge.text}
                </span>
              ))}
            </span>
          ) : null}
        </label>
        {/* A locked choice is shown disabled (it cannot be unchosen), so it is sent alongside. */}
        {option.locked ? <input type="hidden" name={name} value={option.value} /> : null}
      </li>
    );
  };

  const list = (group: ChoiceGroup) =>
    group.options.length === 0 ? (
      <p className="rounded-2xl bg-surface p-4 text-ink-soft">{group.empty}</p>
    ) : (
      <ul className={`grid gap-3 ${COLUMNS[columns]}`}>{group.options.map(card)}</ul>
    );

  return (
    <div className="rounded-3xl bg-white p-5 shadow-lg ring-1 ring-ink/10 sm:p-8">
      <div aria-hidden="true" className="mb-6 flex gap-1.5">
        {Array.from({ length: progress.total }, (_, index) => (
          <span
            key={index}
            className={`h-2 flex-1 rounded-full ${index < progress.current ? 'bg-brand' : 'bg-ink/10'}`}
          />
        ))}
      </div>
      <Form method="post" {...formProps} ref={formRef} onSubmit={onSubmit}>
        <fieldset aria-describedby={describedBy}>
          <legend className="w-full">
            <h1 ref={headingRef} tabIndex={-1} className="focus:outline-none">
              <span className="block text-sm font-semibold tracking-wide text-brand-dark uppercase">
                Stap {progress.current} van {progress.total}
                <span className="sr-only">:</span>
              </span>
              <span className="mt-1 block text-3xl font-extrabold text-ink sm:text-4xl">{heading}</span>
            </h1>
          </legend>
          <p id={introId} className="mt-3 text-lg text-ink-soft">
            {intro}
          </p>
          {error ? (
            <p
              id={field.errorId}
              role="alert"
              className="mt-4 rounded-xl bg-danger-soft px-4 py-3 font-semibold text-danger"
            >
              {error}
            </p>
          ) : null}
          <div className="mt-6 grid gap-6">
            {groups.map((group, index) =>
              showGroupLabels ? (
                <fieldset key={group.label ?? index}>
                  <legend className="mb-3 text-lg font-bold">{group.label}</legend>
                  {list(group)}
                </fieldset>
              ) : (
                <div key={group.label ?? index}>{list(group)}</div>
              ),
            )}
          </div>
        </fieldset>
        <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
          {backTo ? (
            <ButtonLink to={backTo} variant="tertiary">
              Terug
            </ButtonLink>
          ) : (
            <span />
          )}
          <Button type="submit" disabled={busy} className="grow sm:grow-0">
            {busy ? SUBMIT_LABELS.busy : submitLabel}
          </Button>
        </div>
      </Form>
    </div>
  );
}
