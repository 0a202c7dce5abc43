import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  UNSAFE_RemixContext as RemixContext,
} from "@remix-run/react";
import { lazy, type ReactNode, Suspense, useContext, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { Analytics } from "./components/Analytics";
import type { PendingGoal } from "./components/marathon/GoalModal";
import type { PopupContent } from "./components/popups/PopupModal";
import { useNonce } from "./components/nonce";
import { Shell } from "./components/shell/Shell";
import {
  DEFAULT_LANGUAGE,
  DEFAULT_NAMESPACE,
  localeUrl,
  routeNamespaces,
  toLanguage,
} from "./i18n";
import { i18nServer } from "./i18n.server";
import { documentTitle } from "./lib/page-title";
import { layoutFor, themeFromCookieHeader } from "./lib/shell";
import { ThemeProvider, useEffectiveTheme, useShellRoute } from "./lib/theme";
import stylesheet from "./tailwind.css";
import { card } from "#app/components/ui/card";
import { textLink } from "#app/components/ui/link";
import { answerRefusals } from "#app/lib/refusals.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const handle = { i18n: ["common", "errors", "marathon", "popup"] };

const MemberModals = lazy(() => import("./components/MemberModals"));

/** A dialog that cannot be loaded must not cost the member the page: logged, nothing opens. */
function orNothing<T>(what: string, requestId: string, load: Promise<T>, nothing: NoInfer<T>) {
  return load.catch((error: unknown): T => {
    console.error(`${what} could not be loaded (request ${requestId})`, error);
    return nothing;
  });
}

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const [locale, viewer] = await Promise.all([
      i18nServer.getLocale(request),
      context.trpc.shell.viewer(),
    ]);
    // Goals and popups come with the page rather than from the browser after hydration: no
    // round trip before they open, and no tRPC client on pages with nothing to open. They are
    // asked for only when the session lookup found some: on most pages there are none.
    const goals = viewer.due.goals
      ? await orNothing("marathon goals", context.requestId, context.trpc.marathon.pending(), [])
      : [];
    const popup = viewer.due.popup
      ? await orNothing("popup", context.requestId, context.trpc.popups.next(), null)
      : null;
    return json({
      locale: toLanguage(locale) ?? DEFAULT_LANGUAGE,
      viewer,
      theme: themeFromCookieHeader(request.headers.get("Cookie")),
      modals: { goals, popup },
    });
  },
);

function Document({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const matches = useMatches();
  // The page's own namespaces too: its title is its heading's key, and the title follows when
  // that namespace arrives after a navigation.
  const { t, i18n } = useTranslation([
    DEFAULT_NAMESPACE,
    ...routeNamespaces(matches.map((m) => m.handle)),
  ]);
  const location = useLocation();
  const nonce = useNonce();
  const lang = data?.locale ?? toLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  const dark = useEffectiveTheme() === "dark";
  return (
    <html
      lang={lang}
      dir="ltr"
      className={dark ? "dark" : undefined}
      data-theme={dark ? "dark" : "light"}
    >
      <head>
        <meta charSet="utf-8" />
        {/* Here, not in a meta export: a route's own meta replaces the root's, and a page that
            lost its viewport (login, with its robots tag) rendered 980 px wide on phones. */}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{documentTitle(t, matches, location.pathname)}</title>
        <Meta />
        <Links />
        {data && (
          <Analytics
            gtmId={data.viewer.analytics.gtmId}
            pixelId={data.viewer.analytics.pixelId}
            nonce={nonce}
          />
        )}
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* After the scripts' preloads, so the stylesheet and scripts are asked for first. */}
        <LocalePreloads language={lang} handles={matches.map((m) => m.handle)} />
      </body>
    </html>
  );
}

/**
 * The page's translations, fetched alongside its scripts: the browser's i18next asks for them
 * only once the scripts have run, and hydration waits for them, so without these the page
 * became interactive one round trip later. Same URLs as the backend's fetches.
 */
function LocalePreloads({ language, handles }: { language: string; handles: unknown[] }) {
  const version = useContext(RemixContext)?.manifest.version;
  if (!version) return null;
  return routeNamespaces(handles).map((namespace) => (
    <link
      key={namespace}
      rel="preload"
      as="fetch"
      crossOrigin="anonymous"
      href={localeUrl(version, language, namespace)}
    />
  ));
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  // Marks the document once React is in charge of it; end-to-end tests wait for it before
  // they interact, so a click never lands on server-rendered markup without its handlers.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <ThemeProvider initial={data?.theme ?? "light"}>
      <Document>{children}</Document>
    </ThemeProvider>
  );
}

export default function App() {
  const { viewer, locale, modals } = useLoaderData<typeof loader>();
  useChangeLanguage(locale);
  // The area's layout route says which shell (users.tsx, admin.tsx); the URL is not read here.
  const { area, lightOnly } = useShellRoute();
  // The notice of new terms is the member's one task: no goal or popup dialog over it.
  const consentNotice = useMatches().some((m) => m.id === "routes/users+/consent");
  return (
    <Shell viewer={viewer} layout={layoutFor(area, viewer.user)} showThemeToggle={!lightOnly}>
      <Outlet />
      {/* After the page content: a member's reached marathon goals, else a popup, once each. */}
      {!consentNotice && <MemberModalsAfterHydration goals={modals.goals} popup={modals.popup} />}
    </Shell>
  );
}

/**
 * The dialogs open once the page is interactive (a dialog traps focus and marks itself seen,
 * which needs the browser), and their module loads only when there is one to open. Keyed by
 * what it shows, so a new goal or popup after a later load opens afresh.
 */
function MemberModalsAfterHydration({
  goals,
  popup,
}: {
  goals: PendingGoal[];
  popup: PopupContent | null;
}) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated || (goals.length === 0 && !popup)) return null;
  return (
    <Suspense fallback={null}>
      <MemberModals
        key={`${goals.map((g) => g.id).join(",")}|${popup?.id ?? ""}`}
        goals={goals}
        popup={popup}
      />
    </Suspense>
  );
}

/**
 * Errors the root itself could not survive (the viewer could not be loaded, so who is
 * looking is undetermined): the logo-only header and a message, nothing else.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <Shell viewer={null} layout="minimal" showThemeToggle={false}>
      <div className={`${card} mx-auto max-w-xl p-8 text-center`}>
        <h1 className="text-xl font-bold">
          {status === 404 ? t("notFound.title") : t("error.title")}
        </h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300">
          {status === 404 ? t("notFound.body") : t("error.body")}
        </p>
        <a href="/" className={`${textLink} mt-6 inline-block`}>
          {t("notFound.home")}
        </a>
      </div>
    </Shell>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
