import type { ReactNode } from 'react';
import { Logo } from '#app/ui/layout/logo.tsx';
import { AppLink } from '#app/ui/primitives/app-link.tsx';

/**
 * The onboarding's page (spec §2: no header, no footer): the logo, a way
 * out (log out), and the step in a card in the middle, mobile first.
 */
export function OnboardingFrame({ logoutUrl, children }: { logoutUrl: string | null; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-surface">
      <div className="mx-auto flex w-full max-w-2xl items-center justify-between gap-4 px-4 py-5">
        <AppLink
          to="/"
          aria-label="Slaagbundel, naar de homepage"
          className="rounded-lg focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-focus"
        >
          <Logo />
        </AppLink>
        {logoutUrl ? (
          <a href={logoutUrl} className="btn btn-quaternary btn-small">
            Uitloggen
          </a>
        ) : null}
      </div>
      <div className="mx-auto w-full max-w-2xl px-4 pb-16">{children}</div>
    </div>
  );
}
