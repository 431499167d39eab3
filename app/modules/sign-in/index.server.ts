export {
  authFormInit,
  authLimitRefusal,
  authPageHeaders,
  changeEmail,
  changePassword,
  requestPasswordReset,
  resendVerificationMail,
  resetPassword,
  signIn,
  signUp,
} from './server/account-auth.server.ts';
export { authorizeReturn, signOut } from './server/auth-host.server.ts';
