import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { FeatureFlags } from "../../../server/config";
import { isCurrentPath } from "~/lib/shell";
import { NavIcon } from "./icons";
import { LanguageSelect } from "./LanguageSelect";
import { LogoutButton } from "./LogoutButton";
import { enabled, MEMBER_NAV, type NavLinkItem, VISITOR_NAV } from "./nav-items";

const itemClass = (current: boolean) =>
  [
    "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors",
    "focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600",
    current
      ? "bg-emerald-600 text-white"
      : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
  ].join(" ");

function NavList({ items, onNavigate }: { items: NavLinkItem[]; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <ul className="space-y-1">
      {items.map((item) => {
        const current = isCurrentPath(pathname, item.to);
        return (
          <li key={item.to}>
            <Link
              to={item.to}
              aria-current={current ? "page" : undefined}
              className={itemClass(current)}
              onClick={onNavigate}
            >
              {item.icon && (
                <NavIcon name={item.icon} inverted={pathname === "/users/ranking" && current} />
              )}
              <span>{t(item.labelKey)}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function WebsiteLink({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={itemClass(false)}>
      <NavIcon name="website" />
      <span>{t("nav.website")}</span>
      <span className="sr-only">{t("nav.externalLink")}</span>
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
 * The member sidebar (15 entries, website, logout) for a signed-in member, the logged-out
 * sidebar (login, register, website) for a visitor. The ja/en selector sits here on small
 * screens only (≤767 px); wider screens have it in the header.
 */
export function SideNav({ loggedIn, features, websiteUrl, onNavigate }: SideNavProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("nav.mainNav")} data-testid={loggedIn ? "member-nav" : "visitor-nav"}>
      <NavList
        items={loggedIn ? enabled(MEMBER_NAV, features) : VISITOR_NAV}
        onNavigate={onNavigate}
      />
      <div className="mt-4 space-y-1 border-t border-slate-200 pt-4 dark:border-slate-700">
        <WebsiteLink url={websiteUrl} />
        {loggedIn && <LogoutButton className={itemClass(false)} />}
      </div>
      <div className="mt-4 mob:block hidden px-3">
        <LanguageSelect />
      </div>
    </nav>
  );
}
