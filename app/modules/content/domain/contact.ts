/**
 * The contact form (spec §2 /contact; its fields and bounds are not in the
 * spec, §5): what a pupil, parent or teacher can write to us about, and how
 * long each field may be.
 */
export const CONTACT_SUBJECTS = ['bestelling', 'product', 'mijn-slaagbundel', 'school', 'anders'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const CONTACT_SUBJECT_LABELS: Record<ContactSubject, string> = {
  bestelling: 'Mijn bestelling of levering',
  product: 'Een examenbundel of ander product',
  'mijn-slaagbundel': 'Inloggen of Mijn Slaagbundel',
  school: 'Bestellen voor een school of klas',
  anders: 'Iets anders',
};

export const CONTACT_LIMITS = { name: 100, message: 5000, orderNumber: 20 } as const;
