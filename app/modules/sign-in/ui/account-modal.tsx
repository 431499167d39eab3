import { useState } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { isSaleBannerPath } from '#app/ui/layout/sales-banner.tsx';
import { Modal } from '#app/ui/primitives/modal.tsx';
import { AREA_PATHS } from '#app/platform/area-paths.ts';
import { uiStore } from '#app/ui/ui-store.ts';
import { SignUpForm } from './account-forms.tsx';
import { SignInForm, type AuthFormResult } from './sign-in-form.tsx';

type Tab = 'sign-in' | 'sign-up';

/**
 * The account modal (spec §2, §9: 31.9375rem wide from 48em): sign in or
 * create an account from the shop. The forms post to the login pages'
 * actions through fetchers; signing in returns to this very page (the cart
 * is kept), creating an account tells the shopper to check their mail.
 */
export default function AccountModal() {
  const [tab, setTab] = useState<Tab>('sign-in');
  const location = useLocation();
  // From the shop (cart, checkout, products) back to the same page with the cart; elsewhere on to the area.
  const here = isSaleBannerPath(location.pathname) ? `${location.pathname}${location.search}` : AREA_PATHS.home;
  const signIn = useFetcher<AuthFormResult>({ key: 'account-modal-sign-in' });
  const signUp = useFetcher<AuthFormResult & { sentTo?: string }>({ key: 'account-modal-sign-up' });
  const sentTo = signUp.data?.sentTo;
  return (
    <Modal
      open
      size="account"
      onClose={() => uiStore.closeModal()}
      title={tab === 'sign-in' ? 'Inloggen' : sentTo ? 'Check je mail' : 'Account aanmaken'}
    >
      {tab === 'sign-in' ? (
        <SignInForm
          lastResult={signIn.data}
          from={here}
          action={AREA_PATHS.login}
          FormComponent={signIn.Form}
          submitting={signIn.state !== 'idle'}
          onSwitch={() => setTab('sign-up')}
        />
      ) : sentTo ? (
        <div role="status" className="grid gap-3">
          <p>
            We hebben een e-mail gestuurd naar <strong>{sentTo}</strong>. Klik op de link in die e-mail om je account te
            bevestigen; je winkelwagen blijft bewaard.
          </p>
        </div>
      ) : (
        <>
          <SignUpForm
            lastResult={signUp.data}
            from={here}
            action={AREA_PATHS.register}
            FormComponent={signUp.Form}
            submitting={signUp.state !== 'idle'}
          />
          <p className="mt-5">
            Heb je al een account?{' '}
            <button
              type="button"
              onClick={() => setTab('sign-in')}
              className="font-semibold text-brand-dark underline underline-offset-4"
            >
              Log in
            </button>
          </p>
        </>
      )}
      <p className="mt-5 text-sm text-ink-soft">
        Liever een hele pagina?{' '}
        <AppLink to={`${AREA_PATHS.login}?from=${encodeURIComponent(here)}`} className="underline underline-offset-4">
          Naar de inlogpagina
        </AppLink>
      </p>
    </Modal>
  );
}
