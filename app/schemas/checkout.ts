import { PAYMENT_METHODS } from '#app/domain/payments.ts';
import {
  email,
  houseNumber,
  houseNumberExtension,
  maxChars,
  optionalTrimmedString,
  postcode,
  requiredCheckbox,
} from './fields.ts';
import { MESSAGES } from './messages.ts';
import { z } from './z.ts';

/** Lengths of the checkout's text fields (a Dutch address fits easily). */
export const CHECKOUT_LIMITS = { name: 80, street: 100, city: 80, phone: 20 } as const;

const name = () => maxChars(CHECKOUT_LIMITS.name, { required: true });
const street = () => maxChars(CHECKOUT_LIMITS.street, { required: true });
const city = () => maxChars(CHECKOUT_LIMITS.city, { required: true });

/** A Dutch address's fields with the spec §5 rules (postcode 1234 AA, house number ≤ 5 digits, extension ≤ 10 without #). */
const addressFields = {
  street: street().meta({ example: 'Oudegracht' }),
  houseNumber: houseNumber().meta({ example: '12' }),
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

const checkbox = () =>
  z
    .union([z.literal('on'), z.boolean()])
    .optional()
    .transform((v) => v === 'on' || v === true);

/**
 * The checkout's one write (issue 8): the /afrekenen form (Conform in the
 * browser, its action without JavaScript) and POST /api/v1/orders. Prices
 * are not part of it: the order is priced on the server from the cart.
 * The delivery fields count only with `differentDelivery`.
 */
export const checkoutSchema = z
  .object({
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
          .regex(/^[+\d][\d\s-]*$/, { error: 'Voer een geldig telefoonnummer in.' })
          .optional(),
      )
      .meta({ description: 'Optional, for PostNL.', example: '06 12345678' }),
    ...addressFields,
    differentDelivery: checkbox().meta({ description: 'Deliver to another address (the delivery* fields).' }),
    deliveryStreet: z.string().optional(),
    deliveryHouseNumber: z.string().optional(),
    deliveryHouseNumberExtension: z.string().optional(),
    deliveryPostcode: z.string().optional(),
    deliveryCity: z.string().optional(),
    newsletter: checkbox().meta({ description: 'Sign up for the newsletter (double opt-in by mail).' }),
    terms: requiredCheckbox().meta({ description: 'Agrees to the terms of sale; required.' }),
  })
  .superRefine((value, ctx) => {
    if (!value.differentDelivery) return;
    for (const [key, schema] of Object.entries(DELIVERY_FIELDS)) {
      const result = schema.safeParse(value[key as keyof typeof DELIVERY_FIELDS]);
      if (!result.success) {
        for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [key] });
      }
    }
  })
  .transform((value) => {
    const delivery = value.differentDelivery
      ? {
          street: DELIVERY_FIELDS.deliveryStreet.parse(value.deliveryStreet),
          houseNumber: DELIVERY_FIELDS.deliveryHouseNumber.parse(value.deliveryHouseNumber),
          houseNumberExtension: DELIVERY_FIELDS.deliveryHouseNumberExtension.parse(value.deliveryHouseNumberExtension),
          postcode: DELIVERY_FIELDS.deliveryPostcode.parse(value.deliveryPostcode),
          city: DELIVERY_FIELDS.deliveryCity.parse(value.deliveryCity),
        }
      : undefined;
    return {
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
      delivery,
      newsletter: value.newsletter,
    };
  });

export type CheckoutInput = z.input<typeof checkoutSchema>;
export type CheckoutDetails = z.output<typeof checkoutSchema>;

/** The payment step (/afrekenen/betalen and POST /api/v1/orders/{number}/payments): which method. */
export const paymentStartSchema = z.object({
  method: z
    .enum(PAYMENT_METHODS, { error: 'Kies een betaalmethode.' })
    .meta({ description: 'Payment method.', example: 'ideal' }),
});

/** Which order, for a guest: its number and the code of the confirmation link. */
export const orderAccessSchema = z.object({
  bestelling: z
    .string({ error: 'Onbekende bestelling.' })
    .regex(/^SB\d{2}-\d{6,}$/, { error: 'Onbekende bestelling.' })
    .meta({ description: 'Order number.', example: 'SB26-000042' }),
  code: z
    .string()
    .regex(/^[A-Za-z0-9_-]{10,64}$/)
    .optional()
    .meta({ description: 'The access code of the confirmation link (guests); a signed-in owner needs none.' }),
});
