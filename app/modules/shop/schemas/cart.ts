import { MAX_LINE_QUANTITY } from '#app/modules/shop/domain/cart.ts';
import { CART_FIELD_MESSAGES } from '#app/modules/shop/domain/messages.ts';
import { textNumber } from '#app/platform/schemas/form.ts';
import { z } from '#app/platform/schemas/z.ts';

/**
 * The cart's writes, one schema each, shared by the /winkelwagen page action
 * and the API: JSON types (the API takes them as they are); the action reads
 * its form through `formSchema` (app/platform/schemas/form.ts).
 */
const MAX_ID = 2_147_483_647;

const productId = z
  .number({ error: CART_FIELD_MESSAGES.PRODUCT })
  .int({ error: CART_FIELD_MESSAGES.PRODUCT })
  .min(1, { error: CART_FIELD_MESSAGES.PRODUCT })
  .max(MAX_ID, { error: CART_FIELD_MESSAGES.PRODUCT })
  .meta({ description: 'Product id.', example: 12 });

const bundleId = z
  .number({ error: CART_FIELD_MESSAGES.BUNDLE })
  .int({ error: CART_FIELD_MESSAGES.BUNDLE })
  .min(1, { error: CART_FIELD_MESSAGES.BUNDLE })
  .max(MAX_ID, { error: CART_FIELD_MESSAGES.BUNDLE })
  .meta({ description: 'Bundle (voordeelpakket) id.', example: 1 });

const quantity = z
  .number({ error: CART_FIELD_MESSAGES.QUANTITY })
  .int({ error: CART_FIELD_MESSAGES.QUANTITY })
  .min(1, { error: CART_FIELD_MESSAGES.QUANTITY })
  .max(MAX_LINE_QUANTITY, { error: CART_FIELD_MESSAGES.QUANTITY })
  .meta({ description: `How many, 1 to ${MAX_LINE_QUANTITY}.`, example: 1 });

/** POST /api/v1/cart/items and the page's intent=add. */
export const cartAddSchema = z.object({ productId, quantity: quantity.default(1) });
/** PATCH /api/v1/cart/items/{productId} (the quantity) and the page's intent=update. */
export const cartQuantitySchema = z.object({ quantity });
export const cartUpdateSchema = z.object({ productId, quantity });
/** The product of a cart line: the page's intent=remove. */
export const cartLineSchemaOfForm = z.object({ productId });
/** The product of a cart line in a path (/api/v1/cart/items/{productId}): text, a plain decimal id. */
export const cartLineParamsSchema = z.object({ productId: textNumber(productId) });
/** POST /api/v1/cart/bundles and the page's intent=add-bundle. */
export const cartAddBundleSchema = z.object({ bundleId });

/** Several products at once, one of each (the quick scan's advice): the page's intent=add-set. */
export const MAX_SET_PRODUCTS = 10;
export const cartAddSetSchema = z.object({
  productIds: z
    .array(productId, { error: CART_FIELD_MESSAGES.PRODUCT })
    .min(1, { error: CART_FIELD_MESSAGES.PRODUCT })
    .max(MAX_SET_PRODUCTS, { error: CART_FIELD_MESSAGES.PRODUCT }),
});

/**
 * The /winkelwagen action's form: one action switching on `intent`.
 * `stay=1` is sent by the enhanced buttons (the add-to-cart modal): answer
 * data instead of sending the browser to the cart page.
 */
export const cartActionSchema = z.discriminatedUnion(
  'intent',
  [
    cartAddSchema.extend({ intent: z.literal('add') }),
    cartAddBundleSchema.extend({ intent: z.literal('add-bundle') }),
    cartAddSetSchema.extend({ intent: z.literal('add-set') }),
    cartUpdateSchema.extend({ intent: z.literal('update') }),
    cartLineSchemaOfForm.extend({ intent: z.literal('remove') }),
  ],
  { error: CART_FIELD_MESSAGES.INTENT },
);
export type CartAction = z.infer<typeof cartActionSchema>;

const cents = (description: string) =>
  z
    .number()
    .int()
    .meta({ description: `${description} In euro cents.` });

/** One line of the cart. */
export const cartLineSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  href: z.string(),
  image: z.string(),
  productType: z.string(),
  level: z.string(),
  quantity: z.number().int(),
  unitPriceCents: cents('Price of one, VAT included.'),
  lineTotalCents: cents('unitPrice × quantity, before the discount.'),
  discountPercentage: z.number().int().meta({ description: 'The stacking discount on this line (0, 5, 10 or 15).' }),
  discountCents: cents('The discount on this line.'),
  priceNetCents: cents('The line after the discount, VAT included (spec §3 priceNet).'),
  canOrder: z.boolean(),
  stockNote: z.string().nullable().meta({
    description: "Why it cannot be ordered ('Tijdelijk uitverkocht', 'Nog 2 op voorraad'), else null.",
  }),
  maxQuantity: z
    .number()
    .int()
    .meta({ description: 'The most one may choose for this line (stock and the per-line limit).' }),
});

export type CartLineView = z.output<typeof cartLineSchema>;

/** The cart as the cart page, the API and the checkout summary show it. Cents incl. 9 % VAT. */
export const cartSchema = z
  .object({
    lines: z.array(cartLineSchema),
    itemCount: z.number().int().meta({ description: 'Products in the cart (quantities summed).' }),
    subtotalCents: cents('Before the discount, VAT included.'),
    discountPercentage: z.number().int(),
    discountNetCents: cents('The stacking discount (spec §3 discountNet).'),
    totalCents: cents('After the discount, before shipping.'),
    shippingCents: cents('Shipping (PostNL); 0 from € 35.'),
    missingForFreeShippingCents: cents('What is missing for free shipping.'),
    grandTotalCents: cents('What the buyer pays.'),
    vatCents: cents('The 9 % VAT inside the grand total.'),
    nextTierText: z.string().nullable().meta({ example: 'Nog 1 product voor 10% korting' }),
    fullyOrderable: z.boolean().meta({ description: 'Non-empty and every product can be ordered (spec §4).' }),
  })
  .meta({ id: 'Cart' });

export type CartView = z.output<typeof cartSchema>;

export const cartEnvelopeSchema = z.object({ cart: cartSchema });
