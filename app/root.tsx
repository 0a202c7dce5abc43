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
} from "@remix-run/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { Analytics } from "./components/Analytics";
import { GoalModal } from "./components/marathon/GoalModal";
import { PopupModal } from "./components/popup/PopupModal";
import { useNonce } from "./components/nonce";
import { Shell } from "./components/shell/Shell";
import { DEFAULT_LANGUAGE, toLanguage } from "./i18n";
import { i18nServer } from "./i18n.server";
import { darkModeAllowed, effectiveTheme, layoutFor, themeFromCookieHeader } from "./lib/shell";
import { ThemeProvider, useTheme } from "./lib/theme";
import { createQueryClient, createTrpcClient, trpc } from "./lib/trpc";
import stylesheet from "./tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const handle = { i18n: ["common", "errors", "marathon", "popup"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [locale, viewer] = await Promise.all([
    i18nServer.getLocale(request),
    context.trpc.shell.viewer(),
  ]);
  return json({
    locale: toLanguage(locale) ?? DEFAULT_LANGUAGE,
    viewer,
    theme: themeFromCookieHeader(request.headers.get("Cookie")),
  });
}

interface RouteHandle {
  /** Logo-only header, no navigation. */
  restricted?: boolean;
  /** Opt out of the 2xl content cap. */
  uncapped?: boolean;
}

function Document({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const { theme } = useTheme();
  const nonce = useNonce();
  const lang = data?.locale ?? toLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  const dark = effectiveTheme(pathname, theme) === "dark";
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
        <title>{t("app.name")}</title>
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
      </body>
    </html>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  // Marks the document once React is in charge of it; end-to-end tests wait for it before
  // they interact, so a click never lands on server-rendered markup without its handlers.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider initial={data?.theme ?? "light"}>
          <Document>{children}</Document>
        </ThemeProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

export default function App() {
  const { viewer, locale } = useLoaderData<typeof loader>();
  useChangeLanguage(locale);
  const { pathname } = useLocation();
  const handles = useMatches().map((m) => (m.handle ?? {}) as RouteHandle);
  const restricted = handles.some((h) => h.restricted);
  const uncapped = handles.some((h) => h.uncapped);
  return (
    <Shell
      viewer={viewer}
      layout={layoutFor(pathname, viewer.user, restricted)}
      showThemeToggle={darkModeAllowed(pathname)}
      uncapped={uncapped}
    >
      <Outlet />
      {/* After the page content, for signed-in members: reached marathon goals, once each. */}
      {viewer.user?.permission === "member" && <MemberModals key={viewer.user.id} />}
    </Shell>
  );
}

/**
 * What opens by itself on a member's page load: reached marathon goals first; the admin's
 * popups only when there was no goal to show (a popup then waits for a later page load), so
 * two dialogs never stack.
 */
function MemberModals() {
  const [pendingGoals, setPendingGoals] = useState<number | null>(null);
  return (
    <>
      <GoalModal onChecked={setPendingGoals} />
      {pendingGoals === 0 && <PopupModal />}
    </>
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
      <div className="mx-auto max-w-xl rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-700 dark:bg-slate-900">
        <h1 className="text-xl font-bold">
          {status === 404 ? t("notFound.title") : t("error.title")}
        </h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300">
          {status === 404 ? t("notFound.body") : t("error.body")}
        </p>
        <a href="/" className="mt-6 inline-block text-emerald-700 underline dark:text-emerald-400">
          {t("notFound.home")}
        </a>
      </div>
    </Shell>
  );
}
