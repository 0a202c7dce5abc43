import { Disclosure, DisclosureButton, DisclosurePanel } from "@headlessui/react";
import { ChevronDownIcon } from "@heroicons/react/20/solid";
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { FeatureFlags } from "../../../server/config";
import { isCurrentPath } from "~/lib/shell";
import { LogoutButton } from "./LogoutButton";
import { ADMIN_NAV, enabled, type NavLinkItem } from "./nav-items";

const entryClass = (current: boolean) =>
  [
    "flex w-full items-center justify-between rounded-md px-3 py-2 text-left text-sm font-medium",
    "focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600",
    current
      ? "bg-slate-900 text-white dark:bg-emerald-600"
      : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
  ].join(" ");

interface AdminMenuProps {
  features: FeatureFlags;
  websiteUrl: string;
  /** Called when an entry is chosen: the drawer closes, except for the campaign and gacha groups. */
  onNavigate?: () => void;
}

export function AdminMenu({ features, websiteUrl, onNavigate }: AdminMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const link = (item: NavLinkItem, nested = false) => {
    const current =
      isCurrentPath(pathname, item.to) &&
      !(item.to === "/admin/campaigns" && pathname.endsWith("/create")) &&
      !(item.to === "/admin/gachas" && pathname.endsWith("/create"));
    return (
      <Link
        to={item.to}
        aria-current={current ? "page" : undefined}
        className={`${entryClass(current)} ${nested ? "pl-7" : ""}`}
        onClick={onNavigate}
      >
        {t(item.labelKey)}
      </Link>
    );
  };
  return (
    <nav aria-label={t("admin.nav")} data-testid="admin-menu" className="w-full max-w-[220px]">
      <ul className="space-y-1">
        {enabled(ADMIN_NAV, features).map((item) =>
          item.kind === "link" ? (
            <li key={item.to}>{link(item)}</li>
          ) : (
            <li key={item.id}>
              <Disclosure defaultOpen={item.children.some((c) => isCurrentPath(pathname, c.to))}>
                {({ open }) => (
                  <>
                    <DisclosureButton
                      className={entryClass(false)}
                      data-testid={`admin-group-${item.id}`}
                    >
                      <span>{t(item.labelKey)}</span>
                      <ChevronDownIcon
                        aria-hidden="true"
                        className={`h-4 w-4 transition-transform ${open ? "rotate-180" : ""}`}
                      />
                    </DisclosureButton>
                    <DisclosurePanel as="ul" className="mt-1 space-y-1">
                      {item.children.map((child) => (
                        <li key={child.to}>{link(child, true)}</li>
                      ))}
                    </DisclosurePanel>
                  </>
                )}
              </Disclosure>
            </li>
          ),
        )}
        <li>
          <a
            href={websiteUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={entryClass(false)}
            onClick={onNavigate}
          >
            {t("admin.website")}
            <span className="sr-only">{t("nav.externalLink")}</span>
          </a>
        </li>
        <li>
          <LogoutButton className={entryClass(false)} withIcon={false} />
        </li>
      </ul>
    </nav>
  );
}
