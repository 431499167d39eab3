/**
 * The back office's staff roles and who may use what (issue 32, ADR 026). A staff member is a user account with
 * one role. BACKOFFICE_ACCESS is the one table of every back-office screen and endpoint with the roles that may
 * use it: the pages' guard, the API's guard and the tests all read it.
 */
export const STAFF_ROLES = ['admin', 'support', 'content', 'finance'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Beheerder',
  support: 'Klantenservice',
  content: 'Content',
  finance: 'Financiën',
};

export const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

const EVERY_ROLE: readonly StaffRole[] = STAFF_ROLES;
const ADMIN: readonly StaffRole[] = ['admin'];
const FINANCE: readonly StaffRole[] = ['admin', 'finance'];
const CODE_READERS: readonly StaffRole[] = ['admin', 'support', 'finance'];
const CODE_SUPPORT: readonly StaffRole[] = ['admin', 'support'];
const CODE_BATCHES: readonly StaffRole[] = ['admin', 'finance'];
const CUSTOMER_SUPPORT: readonly StaffRole[] = ['admin', 'support'];
const EXAM_DATA: readonly StaffRole[] = ['admin', 'content'];
const STUDY_CONTENT: readonly StaffRole[] = ['admin', 'content'];

/**
 * Every back-office operation (a page or an API endpoint) with the roles that may use it. A later slice adds its
 * operations here; an operation that is not in this table cannot be guarded, so cannot be built.
 */
export const BACKOFFICE_ACCESS = {
  /** `/beheer`: the home. */
  home: EVERY_ROLE,
  /** `/beheer` (the day's figures), `GET /v1/backoffice/dashboard`. */
  dayDashboard: ['admin', 'support', 'finance'],
  /** `/beheer/medewerkers`, `GET /v1/backoffice/staff`. */
  listStaff: ADMIN,
  /** `/beheer/medewerkers` (form), `POST /v1/backoffice/staff/invitations`. */
  inviteStaff: ADMIN,
  /** `POST /v1/backoffice/staff/{userId}/role`. */
  changeStaffRole: ADMIN,
  /** `POST /v1/backoffice/staff/{userId}/disable`. */
  disableStaff: ADMIN,
  /** `/beheer/audit`, `GET /v1/backoffice/audit`. */
  listAudit: ADMIN,
  /** `/beheer/audit` (check), `GET /v1/backoffice/audit/verify`. */
  verifyAudit: ADMIN,
  /** `/beheer/bestellingen`, `GET /v1/backoffice/orders`. */
  listOrders: ['admin', 'support', 'finance'],
  /** `/beheer/bestellingen/{number}`, `GET /v1/backoffice/orders/{number}`. */
  viewOrder: ['admin', 'support', 'finance'],
  /** `POST /v1/backoffice/orders/{number}/resend-confirmation` (and the order page's form). */
  resendOrderMail: ['admin', 'support'],
  /** `POST /v1/backoffice/orders/{number}/cancel`. */
  cancelOrder: ['admin', 'support'],
  /** `POST /v1/backoffice/orders/{number}/double-payments/handled`. */
  markDoublePaymentHandled: ['admin', 'finance'],
  /** `GET /v1/backoffice/orders.csv` (the list's "CSV" link). */
  exportOrders: ['admin', 'finance'],
  /** `GET /v1/backoffice/credit-notes.csv` (the orders list's export form). */
  exportCreditNotes: ['admin', 'finance'],
  /** `/beheer/bestellingen/:number/terugbetalen`, `GET /v1/backoffice/orders/{number}/refunds`. */
  listRefunds: FINANCE,
  /** `/beheer/bestellingen/:number/terugbetalen` (form), `POST /v1/backoffice/orders/{number}/refunds`. */
  refundOrder: FINANCE,
  /** `/beheer/creditnotas/:number`, `GET /v1/backoffice/credit-notes/{number}`. */
  viewCreditNote: FINANCE,
  /** `/beheer/codes`, `GET /v1/backoffice/license-codes`. */
  listLicenseCodes: CODE_READERS,
  /** `/beheer/codes` (download), `GET /v1/backoffice/license-codes.csv`: unused codes are worth money. */
  exportLicenseCodes: CODE_BATCHES,
  /** `/beheer/codes/:code`, `GET /v1/backoffice/license-codes/{code}`. */
  showLicenseCode: CODE_READERS,
  /** `/beheer/codes/:code` (form), `POST /v1/backoffice/license-codes/{code}/revoke`. */
  revokeLicenseCode: CODE_SUPPORT,
  /** `/beheer/codes/:code` (form), `POST /v1/backoffice/license-codes/{code}/reissue`. */
  reissueLicenseCode: CODE_SUPPORT,
  /** `/beheer/codes/batches`, `GET /v1/backoffice/license-code-batches`. */
  listLicenseCodeBatches: CODE_BATCHES,
  /** `/beheer/codes/batches` (form), `POST /v1/backoffice/license-code-batches`. */
  createLicenseCodeBatch: CODE_BATCHES,
  /** `/beheer/codes/batches` (download), `GET /v1/backoffice/license-code-batches/{id}/codes.csv`. */
  exportLicenseCodeBatch: CODE_BATCHES,
  /** `/beheer/voorraad`, `/beheer/voorraad/:productId`, `GET /v1/backoffice/stock` and `…/stock/{productId}/changes`. */
  listStock: ['admin', 'support', 'finance'],
  /** `/beheer/voorraad/:productId` (form), `POST /v1/backoffice/stock/{productId}/adjustments`. */
  adjustStock: ['admin', 'finance'],
  /** `/beheer/klanten`, `GET /v1/backoffice/customers`. */
  listCustomers: CUSTOMER_SUPPORT,
  /** `/beheer/klanten/:userId`, `GET /v1/backoffice/customers/{userId}`. */
  viewCustomer: CUSTOMER_SUPPORT,
  /** `/beheer/klanten/:userId` (form), `POST /v1/backoffice/customers/{userId}/verification-mail`. */
  resendVerification: CUSTOMER_SUPPORT,
  /** `/beheer/klanten/:userId` (form), `POST /v1/backoffice/customers/{userId}/password-reset`. */
  startPasswordReset: CUSTOMER_SUPPORT,
  /** `/beheer/klanten/:userId` (download), `GET /v1/backoffice/customers/{userId}/export`. */
  exportCustomer: CUSTOMER_SUPPORT,
  /**
   * `/beheer/klanten/:userId` (form), `POST /v1/backoffice/customers/{userId}/delete`: support handles the AVG's
   * requests (issue 32: "Support can … delete it on request"), with a required reason and the address typed again.
   */
  deleteCustomer: CUSTOMER_SUPPORT,
  /** `/beheer/kalibratie`, `GET /v1/backoffice/calibration`: how the plan's recall predictions came true (ADR 028). */
  viewCalibration: ['admin', 'content'],
  /** `/beheer/kalibratie` (form), `POST /v1/backoffice/calibration/runs`. */
  runCalibration: ['admin', 'content'],
  /**
   * `/beheer/examengegevens` and a change's page, `GET /v1/backoffice/exam-data` and `…/changes/{id}`: the exam
   * reference data (timetables, N-terms, past exams; issue 35) with their versions.
   */
  listExamData: EXAM_DATA,
  /** The forms `/beheer/examengegevens/{rooster,n-term,oud-examen}`, `POST /v1/backoffice/exam-data/{kind}`. */
  proposeExamData: EXAM_DATA,
  /**
   * A change's page (forms), `POST /v1/backoffice/exam-data/changes/{id}/{approve,reject}`: a second staff member
   * publishes or rejects it (never the one who proposed it: `own_change`); the proposer may withdraw it.
   */
  decideExamData: EXAM_DATA,
  /**
   * `/beheer/studie-inhoud` and a draft's page, `GET /v1/backoffice/study-content` and `…/drafts/{id}`: the study
   * content staff uploaded (issue 35, item 3), each draft as pupils would see it.
   */
  listStudyContent: STUDY_CONTENT,
  /**
   * The form `/beheer/studie-inhoud/uploaden`, `POST /v1/backoffice/study-content/drafts` (a subject's study file)
   * and `…/drafts/from-content-service` (the content service's): checked, kept as a draft.
   */
  uploadStudyContent: STUDY_CONTENT,
  /** A draft's page (forms), `POST /v1/backoffice/study-content/drafts/{id}/{publish,discard}`. */
  publishStudyContent: STUDY_CONTENT,
} as const satisfies Record<string, readonly StaffRole[]>;
export type BackofficeOperation = keyof typeof BACKOFFICE_ACCESS;

export const mayUse = (role: StaffRole, operation: BackofficeOperation): boolean =>
  (BACKOFFICE_ACCESS[operation] as readonly StaffRole[]).includes(role);

/**
 * How long a staff member's session serves the back office: 12 hours from sign-in, whatever its use (a
 * customer's lasts 30 days, sliding). Afterwards the back office asks for the password and a code again.
 */
export const STAFF_SESSION_HOURS = 12;

/** How long an invitation's link works (days). */
export const INVITATION_DAYS = 7;

/** The back office's pages. */
export const BACKOFFICE_PATHS = {
  home: '/beheer',
  signIn: '/beheer/inloggen',
  setup: '/beheer/tweestapsverificatie',
  staff: '/beheer/medewerkers',
  audit: '/beheer/audit',
  orders: '/beheer/bestellingen',
  invitation: '/beheer/uitnodiging',
  codes: '/beheer/codes',
  codeBatches: '/beheer/codes/batches',
  stock: '/beheer/voorraad',
  customers: '/beheer/klanten',
  calibration: '/beheer/kalibratie',
  examData: '/beheer/examengegevens',
  studyContent: '/beheer/studie-inhoud',
} as const;

/** A back-office page (or its data): personal, never page-cached. */
export function isBackofficePath(pathname: string): boolean {
  const path = pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname;
  return path === BACKOFFICE_PATHS.home || path.startsWith(`${BACKOFFICE_PATHS.home}/`);
}

/** The operation a back-office page serves (BACKOFFICE_ACCESS); null for the pages before the guard. */
export function operationOfPath(pathname: string): BackofficeOperation | null {
  const path = pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname;
  if (path === BACKOFFICE_PATHS.home) return 'home';
  if (path === BACKOFFICE_PATHS.staff) return 'listStaff';
  if (path === BACKOFFICE_PATHS.audit) return 'listAudit';
  if (path === BACKOFFICE_PATHS.orders) return 'listOrders';
  if (/^\/beheer\/bestellingen\/[^/]+$/.test(path)) return 'viewOrder';
  if (/^\/beheer\/bestellingen\/[^/]+\/terugbetalen$/.test(path)) return 'listRefunds';
  if (/^\/beheer\/creditnotas\/[^/]+$/.test(path)) return 'viewCreditNote';
  if (path === BACKOFFICE_PATHS.codes) return 'listLicenseCodes';
  if (path === BACKOFFICE_PATHS.codeBatches) return 'listLicenseCodeBatches';
  if (path === BACKOFFICE_PATHS.stock || /^\/beheer\/voorraad\/\d{1,10}$/.test(path)) return 'listStock';
  if (path.startsWith(`${BACKOFFICE_PATHS.codes}/`) && !path.slice(BACKOFFICE_PATHS.codes.length + 1).includes('/')) {
    return 'showLicenseCode';
  }
  if (path === BACKOFFICE_PATHS.customers) return 'listCustomers';
  if (/^\/beheer\/klanten\/[^/]+$/.test(path)) return 'viewCustomer';
  if (path === BACKOFFICE_PATHS.calibration) return 'viewCalibration';
  if (path === BACKOFFICE_PATHS.examData || /^\/beheer\/examengegevens\/wijzigingen\/\d{1,10}$/.test(path)) {
    return 'listExamData';
  }
  if (/^\/beheer\/examengegevens\/(rooster|n-term|oud-examen)$/.test(path)) return 'proposeExamData';
  if (path === BACKOFFICE_PATHS.studyContent || /^\/beheer\/studie-inhoud\/concepten\/\d{1,10}$/.test(path)) {
    return 'listStudyContent';
  }
  if (path === `${BACKOFFICE_PATHS.studyContent}/uploaden`) return 'uploadStudyContent';
  return null;
}

/** A TOTP secret as a person types it: the base32 secret of an otpauth URI in groups of four. */
export function secretInGroups(otpauthUri: string): string {
  const secret = /[?&]secret=([A-Z2-7]+)/i.exec(otpauthUri)?.[1] ?? '';
  return (secret.toUpperCase().match(/.{1,4}/g) ?? []).join(' ');
}
