import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data,
  isRouteErrorResponse,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from 'react-router';
import type { Route } from './+types/root';
import ErrorPage from '#app/ui/layout/error-page.tsx';
import { Shell } from '#app/ui/layout/shell.tsx';
import { Consent } from '#app/modules/consent/ui.ts';
import { AccountModalHost } from '#app/modules/sign-in/ui.ts';
import { currentYear } from '#app/platform/dates.ts';
import { DEFAULT_THEME, themeClass, themeForLevel } from '#app/platform/levels.ts';
import { AREA_ROUTE_ID, type AreaLayoutData } from '#app/modules/study/index.ts';
import { requestContext, scopeContext } from './context.ts';
import { resolveClientMiddleware, resolveServerMiddleware } from './middleware.ts';
import { getFooterLogos, getNavigation, getSiteConfig } from '#app/modules/content/index.server.ts';

export const middleware = resolveServerMiddleware(['language']);
export const clientMiddleware = resolveClientMiddleware(['mobile-menu', 'close-modals']);

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(scopeContext);
  const { level, saleNoticeDismissed, refusal } = context.get(requestContext);
  if (refusal) throw data(refusal.message, { status: refusal.status });
  const [navigation, config, footerLogos] = await Promise.all([
    getNavigation(services),
    getSiteConfig(services),
    getFooterLogos(services),
  ]);
  return {
    navigation,
    socialLinks: config.socialLinks,
    saleBanner: config.saleBanner,
    saleBannerDismissed: saleNoticeDismissed,
    footerLogos,
    theme: themeForLevel(level ?? ''),
    year: currentYear(new Date()),
    publicUrl: services.settings.publicUrl,
    gtmId: services.settings.gtmId ?? null,
  };
}

/** Shell data only changes after a form submission (e.g. choosing a level). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined && defaultShouldRevalidate;

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  // In the logged-in area the user's levels choose the colour theme (spec §4), else the chosen level does.
  const area = useRouteLoaderData<AreaLayoutData>(AREA_ROUTE_ID);
  return (
    <html lang="nl" className={area?.theme ?? themeClass(data?.theme ?? DEFAULT_THEME)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1b1633" />
        <Meta />
        <Links />
      </head>
      <body>
        <Shell
          data={data}
          overlays={
            <>
              <Consent gtmId={data?.gtmId ?? null} />
              <AccountModalHost />
            </>
          }
        >
          {children}
        </Shell>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * Route errors of spec §2/§8. Our own loaders throw Dutch messages; the
 * framework's own errors (a POST to a page without a form, a malformed
 * address) carry English developer text, which people never see: they get
 * the Dutch message for the status instead.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const ours =
    isRouteErrorResponse(error) && !(error as { internal?: boolean }).internal && typeof error.data === 'string';
  return <ErrorPage status={status} message={ours && status < 500 ? (error.data as string) : undefined} />;
}
