export { ForgotPasswordForm, ResetPasswordForm, SignUpForm } from './ui/account-forms.tsx';
export { AccountModalHost } from './ui/account-modal-host.tsx';
export { AuthPage } from './ui/auth-page.tsx';
export { type AuthFormResult, SignInForm } from './ui/sign-in-form.tsx';
