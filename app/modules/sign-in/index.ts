export { afterLoginPath, areaGuard, isOnboardingPath, isSignedInAreaPath } from './domain/area-guard.ts';
export { AUTH_RESULT_PARAMS, buildLogoutUrl, buildNoPromptLoginUrl, SECURE_PREFIX } from './domain/auth-urls.ts';
export { AUTH_ERROR_MESSAGES, authErrorBody } from './schemas/auth-errors.ts';
export { authorizeResultSchema, authReturnQuerySchema, noPromptLoginQuerySchema } from './schemas/auth-return.ts';
