import { AppLink } from './app-link.tsx';

/** The pages above this one, highest first ('Producten / havo / Wiskunde A'): a navigation landmark 'Kruimelpad'. */
export function Breadcrumbs({ trail }: { trail: readonly { to: string; label: string }[] }) {
  return (
    <nav aria-label="Kruimelpad" className="text-sm">
      <ol className="flex flex-wrap gap-2 text-ink-soft">
        {trail.map((crumb, i) => (
          <li key={crumb.to}>
            {i > 0 ? <span aria-hidden="true">/ </span> : null}
            <AppLink to={crumb.to} className="underline underline-offset-4">
              {crumb.label}
            </AppLink>
          </li>
        ))}
      </ol>
    </nav>
  );
}
