import { BRAND } from '#app/platform/brand.ts';
import type { FooterColumn, FooterLogo, NavItem, SocialLink } from '#app/modules/content/index.ts';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { SocialIcon } from '#app/ui/primitives/icons.tsx';

const socialNames: Record<string, string> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
};

interface FooterProps {
  columns: FooterColumn[];
  accountItems: NavItem[];
  socialLinks: SocialLink[];
  logos: FooterLogo[];
  year: number;
  area: boolean;
  publicUrl: string;
}

/**
 * Footer of spec §2: navigation columns, social links and a year copyright.
 * In the study area the account footer is shown; its first column adds an
 * external link to the main site.
 */
export function Footer({ columns, accountItems, socialLinks, logos, year, area, publicUrl }: FooterProps) {
  const shown: FooterColumn[] = area
    ? [{ id: 'account-footer', title: 'Mijn Slaagbundel', items: accountItems }]
    : columns;
  return (
    <footer className="mt-16 bg-ink text-white">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        {shown.map((column, index) => (
          <nav key={column.id} aria-label={column.title}>
            <h2 className="mb-4 text-lg font-bold text-accent">{column.title}</h2>
            <ul className="space-y-2">
              {column.items.map((item) => (
                <li key={item.id}>
                  <AppLink to={item.link} className="underline-offset-4 hover:underline">
                    {item.title}
                  </AppLink>
                </li>
              ))}
              {area && index === 0 ? (
                <li>
                  <a href={publicUrl} className="underline-offset-4 hover:underline" rel="noopener">
                    Naar slaagbundel.nl
                  </a>
                </li>
              ) : null}
            </ul>
          </nav>
        ))}
        {socialLinks.length > 0 ? (
          <div>
            <h2 className="mb-4 text-lg font-bold text-accent">Volg ons</h2>
            <ul className="flex flex-wrap gap-2">
              {socialLinks.map((link) => (
                <li key={link.url}>
                  <a
                    href={link.url}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="flex h-11 w-11 items-center justify-center rounded-full bg-white/10 hover:bg-white/20 focus-visible:outline-3 focus-visible:outline-accent"
                  >
                    <SocialIcon name={link.icon} />
                    <span className="sr-only">
                      {BRAND.name} op {socialNames[link.icon] ?? link.icon} (opent in een nieuw venster)
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      {logos.length > 0 ? (
        <div className="border-t border-white/15 bg-white">
          <ul
            aria-label="Betaalmethoden en keurmerken"
            className="container-page flex flex-wrap items-center justify-center gap-6 py-5"
          >
            {logos.map((logo) => (
              <li key={logo.id}>
                <img src={logo.url} alt={logo.title} height={40} width={96} loading="lazy" className="h-10 w-auto" />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="border-t border-white/15">
        {/* The container on a wrapper: its 90em max-width must not shrink with the small text. */}
        <div className="container-page py-5">
          <p className="text-sm text-white/85">
            © {year} {BRAND.name}. Alle prijzen zijn inclusief 9% btw.
          </p>
        </div>
      </div>
    </footer>
  );
}
