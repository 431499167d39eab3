import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseForm } from '#app/platform/schemas/form.ts';
import { useId, type FormEvent } from 'react';
import { Form, useSubmit } from 'react-router';
import { Button } from '#app/ui/primitives/button.tsx';
import { ErrorSummary, useConformErrorSummary } from '#app/ui/primitives/error-summary.tsx';
import { FieldError } from '#app/ui/primitives/text-field.tsx';
import { uiStore } from '#app/ui/ui-store.ts';
import { ACCOUNT_MESSAGES } from '#app/modules/accounts/domain/messages.ts';
import { deleteAccountSchema } from '#app/modules/accounts/schemas/account.ts';
import { answerFor, failedSummary, FormStatus, useHydrated } from '#app/modules/accounts/ui/parts.tsx';
import { type Answer, checkClass } from './form-parts.tsx';

const DELETE_DIALOG_MESSAGE =
  '<p>Je account wordt voorgoed verwijderd, met je vakken, je voortgang en je nieuwsbriefinschrijving. ' +
  'De codes uit je boeken die je hebt geactiveerd, kun je niet opnieuw gebruiken.</p>' +
  '<p>Dit kun je niet ongedaan maken.</p>';

/**
 * Deleting the account (spec §4 Dialog, type 'dialog': OK and Cancel). With
 * JavaScript the form is sent only after OK in the dialog; without it, a
 * required checkbox confirms. Afterwards this browser is signed out.
 */
export function DeleteAccountForm({ answer }: { answer: Answer }) {
  const mine = answerFor(answer, 'delete');
  const hydrated = useHydrated();
  const submit = useSubmit();
  const statusId = useId();
  const [form, fields] = useForm({
    id: 'delete-form',
    lastResult: mine?.result,
    // Before hydration the browser itself insists on the required checkbox.
    defaultNoValidate: false,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseForm(formData, { schema: deleteAccountSchema }),
  });
  // The dialog asks before the form is sent, so only the server's refusals come here.
  const summary = useConformErrorSummary(form, mine?.result, failedSummary(mine));

  const confirmFirst = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    void uiStore
      .dialog({
        type: 'dialog',
        title: 'Account verwijderen?',
        message: DELETE_DIALOG_MESSAGE,
      })
      .then((ok) => {
        if (ok) void submit(formElement, { method: 'post', preventScrollReset: true });
      });
  };

  const confirm = fields.confirm;
  const errorId = `${confirm.id}-error`;
  return (
    <Form
      method="post"
      preventScrollReset
      {...getFormProps(form)}
      // Before hydration the browser sends the form itself, with the checkbox; after it, the dialog asks first.
      onSubmit={confirmFirst}
      aria-describedby={statusId}
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value="delete" />
      <ErrorSummary {...summary} headingLevel={3} className="" />
      <FormStatus id={statusId} answer={mine} />
      {hydrated ? (
        <input type="hidden" name="confirm" value="on" />
      ) : (
        <div>
          <div className="flex items-start gap-3">
            <input
              {...getInputProps(confirm, { type: 'checkbox', value: 'on' })}
              key={confirm.key}
              required
              aria-describedby={confirm.errors?.length ? errorId : undefined}
              className={`${checkClass} mt-0.5`}
            />
            <label htmlFor={confirm.id}>{ACCOUNT_MESSAGES.DELETE_CONFIRM_LABEL}</label>
          </div>
          <FieldError id={errorId} errors={confirm.errors} />
        </div>
      )}
      <div>
        <Button type="submit" className="bg-danger hover:bg-danger/90">
          Account verwijderen
        </Button>
      </div>
    </Form>
  );
}
