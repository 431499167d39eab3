/**
 * After an account is deleted the browser goes to the home page with this
 * query parameter, and the page says so (ACCOUNT_DELETED_MESSAGE). Kept here,
 * free of Zod, because the home page's browser code reads it
 * (app/routes/public/home.tsx).
 */
export const ACCOUNT_DELETED_PARAM = 'accountVerwijderd';
/** Where the browser goes after deleting the account: the home page, which shows nothing personal. */
export const ACCOUNT_DELETED_PATH = `/?${ACCOUNT_DELETED_PARAM}=1`;

/** Password bounds of the accounts library (app/modules/accounts/server/auth.server.ts). */
export const PASSWORD_LENGTH = { min: 8, max: 128 } as const;
