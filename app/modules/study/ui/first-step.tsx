import { Form, useNavigation } from 'react-router';
import { AREA_PATH } from '#app/platform/brand.ts';
import { AREA_PATHS } from '#app/modules/accounts/index.ts';
import { Button, ButtonLink } from '#app/ui/primitives/button.tsx';
import type { FirstStep as FirstStepView } from '../domain/first-step.ts';
import { TRIAL_INTENT } from '../schemas/trial.ts';

/** Where the code from the book is activated: the form on "Mijn vakken en boeken". */
export const CODE_FORM_HREF = `${AREA_PATHS.subjectsAndBooks}#license`;

/** Starts a subject's free trial: a plain form post to the area home (it works without JavaScript). */
export function TrialForm({
  trial,
  children,
  variant,
}: {
  trial: { id: number; name: string };
  children: string;
  variant: 'primary' | 'tertiary';
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('subjectId') === String(trial.id);
  return (
    <Form method="post" action={AREA_PATH} className={variant === 'primary' ? 'mt-4' : 'inline'}>
      <input type="hidden" name="intent" value={TRIAL_INTENT} />
      <input type="hidden" name="subjectId" value={trial.id} />
      <Button type="submit" variant={variant} size={variant === 'primary' ? '' : 'small'} disabled={busy}>
        {busy ? 'Bezig…' : children}
      </Button>
    </Form>
  );
}

/**
 * "Wat nu?" for a pupil with nothing to do yet (issue 34): one clear first step. The code from the book
 * first (with the trial as the way on for a pupil without a book), else the free trial of a subject with
 * online content, else choosing a subject.
 */
export function FirstStep({ step }: { step: FirstStepView }) {
  return (
    <section aria-labelledby="next-step" className="mt-6 rounded-2xl border-2 border-brand/30 bg-white p-5">
      <h2 id="next-step" className="text-sm font-semibold tracking-wide text-brand-dark uppercase">
        Wat nu?
      </h2>
      {step.kind === 'code' ? (
        <>
          <p className="mt-1 text-lg font-bold">Activeer de code uit je boek</p>
          <p className="mt-1 text-ink-soft">
            Met de code achter in je Slaagbundel open je alle kaarten en examenchecks van dat vak.
          </p>
          <ButtonLink to={CODE_FORM_HREF} className="mt-4">
            Code activeren
          </ButtonLink>
          {step.trial ? (
            <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 border-t-2 border-ink/10 pt-4">
              <span>Nog geen boek?</span>
              <TrialForm trial={step.trial} variant="tertiary">{`Probeer ${step.trial.name} gratis`}</TrialForm>
            </div>
          ) : null}
        </>
      ) : step.kind === 'trial' ? (
        <>
          <p className="mt-1 text-lg font-bold">Probeer {step.trial.name} gratis</p>
          <p className="mt-1 text-ink-soft">
            In de gratis proefversie lees je een deel van de kaarten en maak je een examencheck.
          </p>
          <TrialForm trial={step.trial} variant="primary">
            Start de gratis proefversie
          </TrialForm>
        </>
      ) : (
        <>
          <p className="mt-1 text-lg font-bold">Kies je vakken</p>
          <p className="mt-1 text-ink-soft">Dan zie je hier wat je vandaag kunt doen.</p>
          <ButtonLink to={`${AREA_PATHS.subjectsAndBooks}#add-subjects`} className="mt-4">
            Vakken kiezen
          </ButtonLink>
        </>
      )}
    </section>
  );
}
