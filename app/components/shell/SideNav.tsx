import { externalAttrs, isExternal } from "./website";
import { Link, useLocation, useResolvedPath } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { FeatureFlags } from "#server/config";
import { isCurrentPath } from "#app/lib/shell";
import { AppAnchor, useAppAnchorClick } from "./app-anchor";
import { NavIcon } from "./icons";
import { LanguageSelect } from "./LanguageSelect";
import { LogoutButton } from "./LogoutButton";
import { enabled, MEMBER_NAV, type NavLinkItem, VISITOR_NAV } from "./nav-items";
import { navEntry } from "./styles";

/**
 * An entry whose path is relative (the visitor's "register") resolves from the page it is on,
 * so it stays a `<Link>`; every other entry is an absolute path and a plain anchor.
 */
function RelativeNavItem({ item, onNavigate }: { item: NavLinkItem; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = isCurrentPath(pathname, useResolvedPath(item.to).pathname);
  return (
    <Link
      to={item.to}
      aria-current={current ? "page" : undefined}
      className={navEntry(current)}
      onClick={onNavigate}
    >
      {item.icon && <NavIcon name={item.icon} />}
      <span>{t(item.labelKey)}</span>
    </Link>
  );
}

function NavList({ items, onNavigate }: { items: NavLinkItem[]; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const onClick = useAppAnchorClick(onNavigate);
  return (
    <ul className="space-y-0.5">
      {items.map((item) => {
        if (!item.to.startsWith("/")) {
          return (
            <li key={item.to}>
              <RelativeNavItem item={item} onNavigate={onNavigate} />
            </li>
          );
        }
        const current = isCurrentPath(pathname, item.to);
        return (
          <li key={item.to}>
            <AppAnchor
              href={item.to}
              aria-current={current ? "page" : undefined}
              className={navEntry(current)}
              onClick={onClick}
            >
              {item.icon && (
                <NavIcon name={item.icon} inverted={pathname === "/users/ranking" && current} />
              )}
              <span>{t(item.labelKey)}</span>
            </AppAnchor>
          </li>
        );
      })}
    </ul>
  );
}

function WebsiteLink({ url, onNavigate }: { url: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <a href={url} {...externalAttrs(url)} className={navEntry(false)} onClick={onNavigate}>
      <NavIcon name="website" />
      <span>{t("nav.website")}</span>
      {isExternal(url) && <span className="sr-only">{t("nav.externalLink")}</span>}
    </a>
  );
}

interface SideNavProps {
  loggedIn: boolean;
  features: FeatureFlags;
  websiteUrl: string;
  onNavigate?: () => void;
}

/**
 * The member sidebar (15 entries, help, website, logout) for a signed-in member, the logged-out
 * sidebar (login, register, rates, help, website) for a visitor. The ja/en selector sits here on small
 * screens only (≤767 px); wider screens have it in the header.
 */
export function SideNav({ loggedIn, features, websiteUrl, onNavigate }: SideNavProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const onClick = useAppAnchorClick(onNavigate);
  return (
    <nav aria-label={t("nav.mainNav")} data-testid={loggedIn ? "member-nav" : "visitor-nav"}>
      <NavList
        items={loggedIn ? enabled(MEMBER_NAV, features) : VISITOR_NAV}
        onNavigate={onNavigate}
      />
      <ul className="mt-3 space-y-0.5 border-t border-slate-200 pt-3 dark:border-slate-700">
        {/* The help centre is for everyone, signed in or not: beside the website, not among
            the member entries the specification fixes. */}
        <li>
          <AppAnchor
            href="/help"
            aria-current={isCurrentPath(pathname, "/help") ? "page" : undefined}
            className={navEntry(isCurrentPath(pathname, "/help"))}
            onClick={onClick}
            data-testid="nav-help"
          >
            <NavIcon name="help" />
            <span>{t("nav.help")}</span>
          </AppAnchor>
        </li>
        <li>
          <WebsiteLink url={websiteUrl} onNavigate={onNavigate} />
        </li>
        {loggedIn && (
          <li>
            <LogoutButton className={navEntry(false)} />
          </li>
        )}
      </ul>
      <div
        className="mt-3 hidden border-t border-slate-200 px-3 pt-4 mob:block dark:border-slate-700"
        data-testid="sidebar-language"
      >
        <LanguageSelect />
      </div>
    </nav>
  );
}
