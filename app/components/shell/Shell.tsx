import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Viewer } from "../../../server/features/shell/service";
import type { LayoutKind } from "~/lib/shell";
import { AdminMenu } from "./AdminMenu";
import { Header } from "./Header";
import { SideNav } from "./SideNav";

interface ShellProps {
  viewer: Viewer | null;
  layout: LayoutKind;
  showThemeToggle: boolean;
  /** Pages that need the full width opt out of the 2xl content cap. */
  uncapped?: boolean;
  children: ReactNode;
}

export function Shell({ viewer, layout, showThemeToggle, uncapped, children }: ShellProps) {
  const { t } = useTranslation();
  const cap = uncapped ? "" : "max-w-screen-2xl";
  const main = (
    <main id="main" data-testid="main" className={`min-w-0 flex-1 ${cap}`}>
      {children}
    </main>
  );
  let body: ReactNode;
  if (layout === "minimal" || !viewer) {
    body = <div className="container py-8">{main}</div>;
  } else if (layout === "member") {
    // The home and /users pages: a wider container with the 260 px sidebar.
    body = (
      <div
        data-testid="layout-member"
        className="mx-auto flex w-full max-w-screen-2xl gap-6 px-4 py-6 lg:px-6"
      >
        <aside className="hidden w-[260px] shrink-0 md:block" data-testid="sidebar">
          <div className="sticky top-20">
            <SideNav
              loggedIn={viewer.user !== null}
              features={viewer.features}
              websiteUrl={viewer.websiteUrl}
            />
          </div>
        </aside>
        {main}
      </div>
    );
  } else {
    // Admin pages and every other page: a 25 % menu column and 75 % content from 48em up.
    body = (
      <div
        data-testid={layout === "admin" ? "layout-admin" : "layout-split"}
        className="container py-6 md:flex md:gap-6"
      >
        <aside className="hidden md:block md:w-1/4 md:shrink-0" data-testid="menu-column">
          <div className="sticky top-20">
            {layout === "admin" ? (
              <AdminMenu features={viewer.features} websiteUrl={viewer.websiteUrl} />
            ) : (
              <SideNav
                loggedIn={viewer.user !== null}
                features={viewer.features}
                websiteUrl={viewer.websiteUrl}
              />
            )}
          </div>
        </aside>
        <div className="md:w-3/4">{main}</div>
      </div>
    );
  }
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:shadow"
      >
        {t("app.skipToContent")}
      </a>
      <Header viewer={viewer} layout={layout} showThemeToggle={showThemeToggle} />
      {body}
    </>
  );
}
