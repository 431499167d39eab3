import { useId } from 'react';
import { Form } from 'react-router';
import { Button } from '#app/ui/primitives/button.tsx';
import { fieldClass } from '#app/ui/primitives/text-field.tsx';
import { AREA_PATHS } from '#app/modules/accounts/index.ts';
import { LICENSE_CODE_HINT } from '#app/modules/accounts/ui.ts';
import { LICENSE_CODE_PARAM, MAX_LICENSE_CODE_LENGTH } from '../domain/license-codes.ts';

/**
 * An article's license block (an editor's `[[licentiecode]]`): the code from
 * the back of a book, taken to "Mijn vakken en boeken" where it is activated.
 * A plain GET form, the same for every reader: a visitor signs in first (the
 * area's guard keeps the code in `from`), and the account page shows the
 * code ready to activate with one press.
 */
export default function LicenseBlock() {
  const titleId = useId();
  const inputId = useId();
  const hintId = useId();
  return (
    <aside aria-labelledby={titleId} className="my-8 rounded-3xl bg-brand-soft p-5 ring-1 ring-brand/20 sm:p-6">
      <p id={titleId} className="text-xl font-extrabold text-brand-dark">
        Heb je een Slaagbundel gekocht?
      </p>
      <p className="mt-1 mb-4 text-ink-soft">
        Achter in je boek staat een code. Daarmee zet je het vak klaar in Mijn Slaagbundel: leerkaarten, examenchecks en
        de examenbuddy, op je telefoon en laptop.
      </p>
      <Form method="get" action={AREA_PATHS.subjectsAndBooks} className="grid gap-2">
        <label htmlFor={inputId} className="font-semibold">
          Code uit je boek
        </label>
        <p id={hintId} className="text-sm text-ink-soft">
          {LICENSE_CODE_HINT}
        </p>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <input
            id={inputId}
            name={LICENSE_CODE_PARAM}
            type="text"
            required
            autoComplete="off"
            spellCheck={false}
            maxLength={MAX_LICENSE_CODE_LENGTH}
            aria-describedby={hintId}
            className={`${fieldClass} bg-white font-mono uppercase sm:max-w-xs`}
          />
          <Button type="submit" className="mt-1 shrink-0">
            Code activeren
          </Button>
        </div>
      </Form>
    </aside>
  );
}
