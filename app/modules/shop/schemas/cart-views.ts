/** One line of the cart as the cart page, the API and the checkout summary show it. Cents incl. 9 % VAT. */
export interface CartLineView {
  productId: number;
  name: string;
  href: string;
  image: string;
  productType: string;
  level: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  discountPercentage: number;
  discountCents: number;
  priceNetCents: number;
  canOrder: boolean;
  /** Why it cannot be ordered ('Tijdelijk uitverkocht', 'Niet meer te bestellen', 'Nog 2 op voorraad'), else null. */
  stockNote: string | null;
  /** The most one may choose for this line (stock and the per-line limit). */
  maxQuantity: number;
}

export interface CartView {
  lines: CartLineView[];
  itemCount: number;
  subtotalCents: number;
  discountPercentage: number;
  discountNetCents: number;
  /** After the discount, before shipping. */
  totalCents: number;
  shippingCents: number;
  /** What is missing for free shipping; 0 when free. */
  missingForFreeShippingCents: number;
  /** What the buyer pays: total + shipping. */
  grandTotalCents: number;
  /** The VAT inside the grand total. */
  vatCents: number;
  /** 'Nog 1 product voor 10% korting', or null at the highest tier. */
  nextTierText: string | null;
  fullyOrderable: boolean;
}
