import { AREA_PATHS } from '#app/modules/accounts/index.ts';
import { AppLink } from '#app/ui/primitives/app-link.tsx';

const LINKS = [
  { to: '/veelgestelde-vragen', label: 'Veelgestelde vragen' },
  { to: AREA_PATHS.subjectsAndBooks, label: 'Code uit je boek activeren' },
  { to: AREA_PATHS.orders, label: 'Je bestellingen' },
  { to: '/contact', label: 'Contact met ons opnemen' },
] as const;

/**
 * The helper widget (spec §2): a "Hulp nodig?" button in the corner that
 * opens a few links to help. A native <details>, so it works without
 * JavaScript and with the keyboard. Hidden below the md breakpoint; the area
 * layout leaves it out on the subject view and during onboarding.
 */
export function HelperWidget() {
  return (
    <details className="group fixed right-5 bottom-5 z-30 hidden md:block print:hidden">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-full bg-ink px-5 py-3 font-semibold text-white shadow-lg hover:bg-ink-soft focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true" className="flex size-6 items-center justify-center rounded-full bg-accent text-ink">
          ?
        </span>
        Hulp nodig?
      </summary>
      <nav
        aria-label="Hulp"
        className="absolute right-0 bottom-full mb-3 w-72 rounded-2xl bg-white p-4 text-ink shadow-2xl ring-1 ring-ink/10"
      >
        <p className="font-bold">Waar kunnen we je mee helpen?</p>
        <ul className="mt-2 space-y-1">
          {LINKS.map((link) => (
            <li key={link.to}>
              <AppLink
                to={link.to}
                className="block rounded-lg px-2 py-1.5 font-semibold text-brand-dark hover:bg-surface"
              >
                {link.label}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}
