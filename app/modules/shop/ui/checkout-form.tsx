import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseForm } from '#app/platform/schemas/form.ts';
import type { ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { SHIPPING_LABEL } from '#app/modules/shop/domain/cart.ts';
import {
  checkoutSchema,
  CHECKOUT_LIMITS,
  type CheckoutDetails,
  type CheckoutInput,
} from '#app/modules/shop/schemas/checkout.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { FieldError, TextField } from '#app/ui/primitives/text-field.tsx';

export interface CheckoutFormResult {
  result?: SubmissionResult<string[]>;
  /** The order could not be placed (sold out, empty cart): the message above the form. */
  message?: string;
}

/** Fields a signed-in buyer's account fills in. */
export interface CheckoutDefaults {
  email?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

function Checkbox({ field, children }: { field: Parameters<typeof getInputProps>[0]; children: ReactNode }) {
  const errorId = field.errors?.length ? `${field.id}-error` : undefined;
  return (
    <div>
      <label className="flex items-start gap-3">
        <input
          {...getInputProps(field, { type: 'checkbox' })}
          key={field.key}
          aria-describedby={errorId}
          className="mt-1 h-5 w-5 shrink-0 accent-brand-dark"
        />
        <span>{children}</span>
      </label>
      <FieldError id={`${field.id}-error`} errors={field.errors} />
    </div>
  );
}

/**
 * The checkout form: e-mail, name and a Dutch address with the §5
 * rules, an optional other delivery address, shipping, terms and the
 * newsletter. A plain form the route action handles without JavaScript,
 * validated in the browser with the same schema (Conform); what was typed
 * stays after an error.
 */
export function CheckoutForm({
  lastResult,
  defaults,
  deliveryText,
  shippingText,
}: {
  lastResult: CheckoutFormResult | undefined;
  defaults: CheckoutDefaults;
  deliveryText: string;
  shippingText: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const [form, fields] = useForm<CheckoutInput, CheckoutDetails>({
    lastResult: lastResult?.result,
    defaultValue: defaults,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: checkoutSchema }),
  });
  const section = 'rounded-2xl bg-white p-5 shadow-md ring-1 ring-ink/10 sm:p-6';
  const heading = 'text-xl font-bold';

  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6">
      {form.errors?.[0] ? (
        <p id={form.errorId} role="alert" className="rounded-xl bg-danger/10 p-4 font-semibold text-danger">
          {form.errors[0]}
        </p>
      ) : null}
      <section aria-labelledby="checkout-contact" className={section}>
        <h2 id="checkout-contact" className={heading}>
          Je gegevens
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <TextField
              field={fields.email}
              label="E-mailadres"
              type="email"
              autoComplete="email"
              hint="Hier sturen we de bevestiging en eventuele licentiecodes naartoe."
            />
          </div>
          <TextField
            field={fields.firstName}
            label="Voornaam"
            type="text"
            autoComplete="given-name"
            maxLength={CHECKOUT_LIMITS.name}
          />
          <TextField
            field={fields.lastName}
            label="Achternaam"
            type="text"
            autoComplete="family-name"
            maxLength={CHECKOUT_LIMITS.name}
          />
          <div className="sm:col-span-2">
            <TextField
              field={fields.phone}
              label="Telefoonnummer (niet verplicht)"
              type="tel"
              autoComplete="tel"
              maxLength={CHECKOUT_LIMITS.phone}
            />
          </div>
        </div>
      </section>

      <section aria-labelledby="checkout-address" className={`${section} address-section`}>
        <h2 id="checkout-address" className={heading}>
          Adres
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-[1fr_7rem_7rem]">
          <TextField
            field={fields.postcode}
            label="Postcode"
            type="text"
            autoComplete="postal-code"
            hint="Bijvoorbeeld 1234 AA"
          />
          {/* No autofill token means "house number" (address-line2 is the second address line: an apartment, a
              building), so the browser fills none here rather than a wrong one; street and number together are address-line1. */}
          <TextField field={fields.houseNumber} label="Huisnummer" type="text" autoComplete="off" />
          <TextField field={fields.houseNumberExtension} label="Toevoeging" type="text" autoComplete="off" />
          <div className="sm:col-span-2">
            <TextField
              field={fields.street}
              label="Straat"
              type="text"
              autoComplete="address-line1"
              maxLength={CHECKOUT_LIMITS.street}
            />
          </div>
          <TextField
            field={fields.city}
            label="Plaats"
            type="text"
            autoComplete="address-level2"
            maxLength={CHECKOUT_LIMITS.city}
          />
        </div>
        <div className="mt-5">
          <label className="flex items-start gap-3">
            <input
              {...getInputProps(fields.differentDelivery, { type: 'checkbox' })}
              key={fields.differentDelivery.key}
              aria-controls="delivery-fields"
              className="mt-1 h-5 w-5 shrink-0 accent-brand-dark"
            />
            <span>Bezorgen op een ander adres</span>
          </label>
        </div>
        {/* Shown by CSS while the box is ticked (app.css), so it works without JavaScript too. */}
        <fieldset id="delivery-fields" className="delivery-fields mt-4">
          <legend className="font-bold">Bezorgadres</legend>
          <div className="mt-3 grid gap-4 sm:grid-cols-[1fr_7rem_7rem]">
            <TextField
              field={fields.deliveryPostcode}
              label="Postcode"
              type="text"
              autoComplete="shipping postal-code"
            />
            <TextField field={fields.deliveryHouseNumber} label="Huisnummer" type="text" autoComplete="off" />
            <TextField field={fields.deliveryHouseNumberExtension} label="Toevoeging" type="text" autoComplete="off" />
            <div className="sm:col-span-2">
              <TextField
                field={fields.deliveryStreet}
                label="Straat"
                type="text"
                autoComplete="shipping address-line1"
              />
            </div>
            <TextField field={fields.deliveryCity} label="Plaats" type="text" autoComplete="shipping address-level2" />
          </div>
        </fieldset>
      </section>

      <section aria-labelledby="checkout-shipping" className={section}>
        <h2 id="checkout-shipping" className={heading}>
          Verzending
        </h2>
        <p className="mt-3 flex flex-wrap justify-between gap-2 rounded-xl border-2 border-brand bg-brand-soft p-4">
          <span>
            <strong>{SHIPPING_LABEL}</strong>
            <span className="block text-sm">{deliveryText}</span>
          </span>
          <strong>{shippingText}</strong>
        </p>
      </section>

      <section aria-labelledby="checkout-confirm" className={`${section} flex flex-col gap-4`}>
        <h2 id="checkout-confirm" className={heading}>
          Bevestigen
        </h2>
        <Checkbox field={fields.terms}>
          Ik ga akkoord met de{' '}
          <a
            href="/algemene-voorwaarden"
            className="font-semibold underline underline-offset-4"
            target="_blank"
            rel="noreferrer"
          >
            algemene voorwaarden
          </a>{' '}
          en heb de{' '}
          <a href="/privacy" className="font-semibold underline underline-offset-4" target="_blank" rel="noreferrer">
            privacyverklaring
          </a>{' '}
          gelezen.
        </Checkbox>
        <Checkbox field={fields.newsletter}>
          Stuur me de nieuwsbrief met examentips (je bevestigt dit nog per mail; afmelden kan altijd).
        </Checkbox>
        <Button type="submit" disabled={busy} className="w-full sm:w-auto sm:self-end">
          {busy ? 'Bezig…' : 'Verder naar betalen'}
        </Button>
      </section>
    </Form>
  );
}
