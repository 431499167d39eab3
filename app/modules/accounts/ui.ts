export { AccountNav } from './ui/account-nav.tsx';
export { levelsText, LICENSE_CODE_HINT, PROFILE_NAMES } from './ui/labels.ts';
export { type AccountFormResult, answerFor, FormStatus, linkClass, Section, useSending } from './ui/parts.tsx';
export { ExamYearForm, LevelsForm, NewsletterForm, ProfileForm, RoleForm } from './ui/profile/choice-forms.tsx';
export { DeleteAccountForm } from './ui/profile/delete-account-form.tsx';
export { EmailForm, NameForm, PasswordForm } from './ui/profile/details-forms.tsx';
