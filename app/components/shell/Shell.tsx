import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Viewer } from "#server/features/shell/service";
import type { LayoutKind } from "#app/lib/shell";
import { WIDE_CONTAINER } from "./styles";
import { AdminMenu } from "./AdminMenu";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { SideNav } from "./SideNav";

interface ShellProps {
  viewer: Viewer | null;
  layout: LayoutKind;
  showThemeToggle: boolean;
  children: ReactNode;
}

/**
 * The side column stays in view while the page scrolls; when it is taller than the window
 * (the admin menu with a group open, short laptop screens) it scrolls on its own, so the last
 * entries (website, logout) are always reachable. The padding leaves room for focus outlines.
 */
const stickyColumn = "sticky top-20 max-h-[calc(100vh-6rem)] overflow-y-auto overscroll-contain";

export function Shell({ viewer, layout, showThemeToggle, children }: ShellProps) {
  const { t } = useTranslation();
  const cap = "max-w-screen-2xl";
  const main = (
    <main
      id="main"
      tabIndex={-1}
      data-testid="main"
      className={`min-w-0 flex-1 outline-none ${cap}`}
    >
      {children}
    </main>
  );
  // The member menu: the sidebar of the member layout and the menu column of the split one.
  const sideNav = viewer && (
    <SideNav
      loggedIn={viewer.user !== null}
      features={viewer.features}
      websiteUrl={viewer.websiteUrl}
    />
  );
  let body: ReactNode;
  if (layout === "minimal" || !viewer) {
    body = <div className="container py-8">{main}</div>;
  } else if (layout === "member") {
    // The home and /users pages: a wider container with the 260 px sidebar.
    body = (
      <div data-testid="layout-member" className={`${WIDE_CONTAINER} flex gap-6 py-6 lg:gap-8`}>
        <aside className="hidden w-[260px] shrink-0 md:block" data-testid="sidebar">
          <div className={`${stickyColumn} -mx-1 p-1`}>{sideNav}</div>
        </aside>
        {main}
      </div>
    );
  } else {
    // Admin pages and every other page: a 25 % menu column and 75 % content from 48em up.
    const admin = layout === "admin";
    body = (
      <div
        data-testid={admin ? "layout-admin" : "layout-split"}
        className="container py-6 md:flex md:gap-6"
      >
        <aside className="hidden md:block md:w-1/4 md:shrink-0" data-testid="menu-column">
          <div
            className={
              admin
                ? `${stickyColumn} rounded-xl border border-slate-200 bg-white p-2 shadow-sm dark:border-slate-800 dark:bg-slate-900`
                : `${stickyColumn} -mx-1 p-1`
            }
          >
            {admin ? (
              <AdminMenu
                features={viewer.features}
                websiteUrl={viewer.websiteUrl}
                grants={viewer.user?.grants ?? {}}
              />
            ) : (
              sideNav
            )}
          </div>
        </aside>
        <div className="min-w-0 md:flex-1">{main}</div>
      </div>
    );
  }
  // A column as tall as the window at least, so a short page still ends with the footer at
  // the bottom of the screen.
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-slate-900 focus:shadow-lg focus:outline focus:outline-2 focus:outline-emerald-600"
      >
        {t("app.skipToContent")}
      </a>
      <Header viewer={viewer} layout={layout} showThemeToggle={showThemeToggle} />
      <div className="flex-1">{body}</div>
      {/* Not in the admin area: a workspace whose menu reaches the documents' settings. */}
      {viewer && layout !== "admin" && layout !== "minimal" && <Footer viewer={viewer} />}
    </div>
  );
}
