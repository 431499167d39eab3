import { PAYMENT_METHODS } from '#app/platform/payments.ts';
import {
  email,
  houseNumber,
  houseNumberExtension,
  maxChars,
  optionalCheckbox,
  optionalTrimmedString,
  postcode,
  requiredCheckbox,
} from '#app/platform/schemas/fields.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { CHECKOUT_MESSAGES } from '#app/modules/shop/domain/messages.ts';
import { z } from '#app/platform/schemas/z.ts';

/** Lengths of the checkout's text fields (a Dutch address fits easily). */
export const CHECKOUT_LIMITS = { name: 80, street: 100, city: 80, phone: 20 } as const;

const name = () => maxChars(CHECKOUT_LIMITS.name, { required: true });
const street = () => maxChars(CHECKOUT_LIMITS.street, { required: true });
const city = () => maxChars(CHECKOUT_LIMITS.city, { required: true });

/** A Dutch address's fields with the spec §5 rules (postcode 1234 AA, house number ≤ 5 digits, extension ≤ 10 without #). */
const addressFields = {
  street: street().meta({ example: 'Oudegracht' }),
  houseNumber: houseNumber()
    .refine((value) => !value.startsWith('0'), { error: CHECKOUT_MESSAGES.HOUSE_NUMBER_ZERO })
    .meta({ example: '12' }),
  houseNumberExtension: houseNumberExtension().meta({ example: 'bis' }),
  postcode: postcode().meta({ example: '3511 AB' }),
  city: city().meta({ example: 'Utrecht' }),
};

const DELIVERY_FIELDS = {
  deliveryStreet: addressFields.street,
  deliveryHouseNumber: addressFields.houseNumber,
  deliveryHouseNumberExtension: addressFields.houseNumberExtension,
  deliveryPostcode: addressFields.postcode,
  deliveryCity: addressFields.city,
} as const;

const checkbox = optionalCheckbox;

/**
 * The checkout's one write: the /afrekenen form (Conform in the
 * browser, its action without JavaScript) and POST /api/v1/orders. Prices
 * are not part of it: the order is priced on the server from the cart.
 * The delivery fields count only with `differentDelivery`.
 */
const checkoutFields = z.object({
  email: email(MESSAGES.EMAIL_INVALID_ALT).meta({
    description: 'Where the confirmation goes.',
    example: 'ouder@example.nl',
  }),
  firstName: name().meta({ example: 'Sanne' }),
  lastName: name().meta({ example: 'de Vries' }),
  phone: optionalTrimmedString()
    .pipe(
      z
        .string()
        .max(CHECKOUT_LIMITS.phone, { error: MESSAGES.maxChars(CHECKOUT_LIMITS.phone) })
        .regex(/^[+\d][\d\s-]*$/, { error: CHECKOUT_MESSAGES.PHONE })
        .optional(),
    )
    .meta({ description: 'Optional, for PostNL.', example: '06 12345678' }),
  ...addressFields,
  differentDelivery: checkbox().meta({ description: 'Deliver to another address (the delivery* fields).' }),
  deliveryStreet: DELIVERY_FIELDS.deliveryStreet.optional(),
  deliveryHouseNumber: DELIVERY_FIELDS.deliveryHouseNumber.optional(),
  deliveryHouseNumberExtension: DELIVERY_FIELDS.deliveryHouseNumberExtension,
  deliveryPostcode: DELIVERY_FIELDS.deliveryPostcode.optional(),
  deliveryCity: DELIVERY_FIELDS.deliveryCity.optional(),
  newsletter: checkbox().meta({ description: 'Sign up for the newsletter (double opt-in by mail).' }),
  terms: requiredCheckbox().meta({ description: 'Agrees to the terms of sale; required.' }),
});

/**
 * The delivery fields count only with `differentDelivery`: without it they
 * are dropped; with it a missing one is '' (so 'Dit veld is verplicht').
 * Done before the fields are read, so every field's message shows at once.
 */
function onlyChosenDelivery(input: unknown): unknown {
  if (typeof input !== 'object' || input === null) return input;
  const value = { ...(input as Record<string, unknown>) };
  // Before the fields are read: a form's 'on' (formSchema turns it into true after this step) or JSON's true.
  const different = value.differentDelivery === 'on' || value.differentDelivery === true;
  for (const key of Object.keys(DELIVERY_FIELDS)) {
    if (!different) delete value[key];
    else value[key] ??= '';
  }
  return value;
}

/**
 * The checkout's one write: the /afrekenen form (Conform in the
 * browser, its action without JavaScript) and POST /api/v1/orders. Prices
 * are not part of it: the order is priced on the server from the cart.
 */
export const checkoutSchema = z.preprocess(onlyChosenDelivery, checkoutFields).transform((value) => ({
  email: value.email.toLowerCase(),
  firstName: value.firstName,
  lastName: value.lastName,
  phone: value.phone,
  billing: {
    street: value.street,
    houseNumber: value.houseNumber,
    houseNumberExtension: value.houseNumberExtension,
    postcode: value.postcode,
    city: value.city,
  },
  delivery:
    value.differentDelivery &&
    value.deliveryStreet &&
    value.deliveryHouseNumber &&
    value.deliveryPostcode &&
    value.deliveryCity
      ? {
          street: value.deliveryStreet,
          houseNumber: value.deliveryHouseNumber,
          houseNumberExtension: value.deliveryHouseNumberExtension,
          postcode: value.deliveryPostcode,
          city: value.deliveryCity,
        }
      : undefined,
  newsletter: value.newsletter,
}));

export type CheckoutInput = z.input<typeof checkoutFields>;
export type CheckoutDetails = z.output<typeof checkoutSchema>;

/** The payment step (/afrekenen/betalen and POST /api/v1/orders/{number}/payments): which method. */
export const paymentStartSchema = z.object({
  method: z
    .enum(PAYMENT_METHODS, { error: CHECKOUT_MESSAGES.PAYMENT_METHOD })
    .meta({ description: 'Payment method.', example: 'ideal' }),
});

/** Which order, for a guest: its number and the code of the confirmation link. */
export const orderAccessSchema = z.object({
  bestelling: z
    .string({ error: CHECKOUT_MESSAGES.ORDER })
    .regex(/^SB\d{2}-\d{6,}$/, { error: CHECKOUT_MESSAGES.ORDER })
    .meta({ description: 'Order number.', example: 'SB26-000042' }),
  code: z
    .string()
    .regex(/^[A-Za-z0-9_-]{10,64}$/)
    .optional()
    .meta({ description: 'The access code of the confirmation link (guests); a signed-in owner needs none.' }),
});
