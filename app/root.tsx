import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from 'react-router';
import type { Route } from './+types/root';
import './app.css';
import { Shell } from './components/layout/shell.tsx';
import { ErrorPage } from './components/layout/error-page.tsx';
import { LEVEL_COOKIE, SALE_NOTICE_COOKIE } from './domain/cookies.ts';
import { currentYear } from './domain/dates.ts';
import { DEFAULT_THEME, themeClass, themeForLevel } from './domain/levels.ts';
import { servicesContext } from './context.ts';
import { parseCookieHeader } from './lib/cookie-header.ts';
import { useNonce } from './lib/nonce.tsx';
import { resolveClientMiddleware, resolveServerMiddleware } from './middleware.ts';
import { getFooterLogos, getNavigation, getSiteConfig } from './services/content.server.ts';

export const middleware = resolveServerMiddleware(['language']);
export const clientMiddleware = resolveClientMiddleware(['mobile-menu', 'close-modals']);

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const cookies = parseCookieHeader(request.headers.get('Cookie'));
  const [navigation, config, footerLogos] = await Promise.all([
    getNavigation(services),
    getSiteConfig(services),
    getFooterLogos(services),
  ]);
  return {
    navigation,
    socialLinks: config.socialLinks,
    saleBanner: config.saleBanner,
    saleBannerDismissed: Boolean(cookies[SALE_NOTICE_COOKIE.name]),
    footerLogos,
    theme: themeForLevel(cookies[LEVEL_COOKIE.name] ?? ''),
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
  const nonce = useNonce();
  return (
    <html lang="nl" className={themeClass(data?.theme ?? DEFAULT_THEME)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1b1633" />
        <Meta />
        <Links />
      </head>
      <body>
        <Shell data={data}>{children}</Shell>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error)) {
    return <ErrorPage status={error.status} message={typeof error.data === 'string' ? error.data : error.statusText} />;
  }
  return <ErrorPage status={500} message="Er is iets misgegaan aan onze kant. Probeer het later nog eens." />;
}
