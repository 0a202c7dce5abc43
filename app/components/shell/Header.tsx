import { externalAttrs, isExternal } from "./website";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Viewer } from "#server/features/shell/service";
import type { LayoutKind } from "#app/lib/shell";
import { AppAnchor, useAppAnchorClick } from "./app-anchor";
import { LanguageSelect } from "./LanguageSelect";
import { MobileMenu } from "./MobileMenu";
import { focusRing, WIDE_CONTAINER } from "./styles";
import { ThemeToggle } from "./ThemeToggle";

interface HeaderProps {
  viewer: Viewer | null;
  layout: LayoutKind;
  showThemeToggle: boolean;
}

function Logo() {
  const { t } = useTranslation();
  const onClick = useAppAnchorClick();
  return (
    <AppAnchor
      href="/"
      onClick={onClick}
      data-testid="logo"
      className={`flex min-h-11 min-w-0 shrink-0 items-center gap-2 rounded-md font-bold text-slate-900 dark:text-white ${focusRing}`}
    >
      <img src="/logo.svg" alt="" width={32} height={32} className="h-8 w-8 shrink-0" />
      {/* The full name needs the room the header has from 1024 px; below, the short one. */}
      <span className="hidden whitespace-nowrap text-base lg:inline">{t("app.name")}</span>
      <span className="whitespace-nowrap text-base lg:hidden" aria-hidden="true">
        {t("app.shortName")}
      </span>
      <span className="sr-only lg:hidden">{t("app.name")}</span>
    </AppAnchor>
  );
}

const buttonBase = `min-h-11 shrink-0 items-center whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium ${focusRing}`;

export function Header({ viewer, layout, showThemeToggle }: HeaderProps) {
  const { t } = useTranslation();
  if (layout === "minimal" || !viewer) {
    return (
      <header
        data-testid="header-minimal"
        className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="container flex h-16 items-center">
          <Logo />
        </div>
      </header>
    );
  }
  const visitor = viewer.user === null;
  return (
    <header
      data-testid="header"
      className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95"
    >
      <div
        className={`${layout === "member" ? WIDE_CONTAINER : "container"} flex h-16 items-center gap-2 sm:gap-3`}
      >
        <MobileMenu viewer={viewer} />
        <Logo />
        <div className="ml-auto flex items-center gap-2">
          {visitor && (
            <>
              <Link
                to="/login"
                data-testid="header-login"
                className={`hidden xs:inline-flex ${buttonBase} text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800`}
              >
                {t("nav.login")}
              </Link>
              <Link
                to="/register"
                data-testid="header-register"
                className={`hidden xs:inline-flex ${buttonBase} bg-emerald-600 text-white hover:bg-emerald-700`}
              >
                {t("nav.register")}
              </Link>
            </>
          )}
          {layout !== "admin" && (
            <a
              href={viewer.websiteUrl}
              {...externalAttrs(viewer.websiteUrl)}
              data-testid="header-website"
              className={`hidden sm:inline-flex ${buttonBase} border border-slate-300 text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800`}
            >
              {t("nav.website")}
              {isExternal(viewer.websiteUrl) && (
                <span className="sr-only">{t("nav.externalLink")}</span>
              )}
            </a>
          )}
          <div className="hidden tab:block" data-testid="header-language">
            <LanguageSelect compact />
          </div>
          {showThemeToggle && <ThemeToggle />}
        </div>
      </div>
    </header>
  );
}
