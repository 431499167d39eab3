/**
 * Shipping: books go by PostNL as a letterbox parcel. Free from
 * FREE_SHIPPING_FROM_CENTS (after the discount), otherwise SHIPPING_CENTS,
 * 9 % VAT included like the books. No clock here: callers pass `now`.
 */
export const SHIPPING_METHOD = 'postnl';
export const SHIPPING_LABEL = 'PostNL brievenbuspakje';
export const SHIPPING_CENTS = 395;
export const FREE_SHIPPING_FROM_CENTS = 3500;
/** Orders placed (and paid) before this hour, Amsterdam time, on a working day leave the warehouse that day. */
export const SAME_DAY_CUTOFF_HOUR = 22;

/** Shipping cost of an order worth `totalCents` (after the discount); nothing for an empty cart. */
export function shippingCents(totalCents: number, itemCount: number): number {
  if (itemCount === 0) return 0;
  return totalCents >= FREE_SHIPPING_FROM_CENTS ? 0 : SHIPPING_CENTS;
}

/** What is still missing for free shipping, in cents; 0 when it is already free. */
export function missingForFreeShipping(totalCents: number): number {
  return Math.max(0, FREE_SHIPPING_FROM_CENTS - totalCents);
}

const amsterdamParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Amsterdam',
  weekday: 'short',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  hourCycle: 'h23',
});

/**
 * The expected delivery day: PostNL delivers letterbox parcels Tuesday to
 * Saturday, the day after they are posted. We post Monday to Friday; after
 * the cut-off, the next working day. Returns a date at noon UTC of that day.
 */
export function expectedDeliveryDate(now: Date): Date {
  const parts = Object.fromEntries(amsterdamParts.formatToParts(now).map((p) => [p.type, p.value]));
  const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  let day = weekdays.indexOf(parts.weekday ?? 'Mon');
  const hour = Number(parts.hour ?? 0);
  const date = new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), 12));
  const addDay = () => {
    date.setUTCDate(date.getUTCDate() + 1);
    day = (day + 1) % 7;
  };
  // The posting day: today if a weekday before the cut-off, else the next weekday.
  if (day === 0 || day === 6 || hour >= SAME_DAY_CUTOFF_HOUR) {
    do addDay();
    while (day === 0 || day === 6);
  }
  // Delivered the next day PostNL delivers letterbox parcels (Tuesday–Saturday).
  do addDay();
  while (day === 0 || day === 1);
  return date;
}
