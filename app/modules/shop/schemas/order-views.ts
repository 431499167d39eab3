/** An order as its buyer sees it (confirmation, payment step, order history, invoice). Cents incl. 9 % VAT. */
export interface OrderView {
  number: string;
  status: 'pending' | 'paid' | 'cancelled';
  statusLabel: string;
  /** The latest payment's status, if a payment was started. */
  paymentStatus: string | null;
  paymentMethod: string | null;
  email: string;
  name: string;
  billingAddress: string[];
  deliveryAddress: string[];
  lines: {
    name: string;
    sku: string;
    quantity: number;
    unitPriceCents: number;
    lineTotalCents: number;
    discountCents: number;
    href: string | null;
  }[];
  itemCount: number;
  subtotalCents: number;
  discountPercent: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  vatCents: number;
  totalExVatCents: number;
  /** ISO date-times. */
  createdAt: string;
  paidAt: string | null;
  /** 'dinsdag 24 november' for a paid order. */
  expectedDelivery: string | null;
  /** Licence codes issued for it (shown to the buyer), with whether they were used. */
  licenseCodes: { code: string; productName: string; redeemed: boolean }[];
  /** The query that opens this order's pages for a guest: '?bestelling=…&code=…'. */
  accessQuery: string;
}
