import { externalAttrs, isExternal } from "./website";
import ChevronDownIcon from "@heroicons/react/20/solid/ChevronDownIcon";
import { useLocation } from "@remix-run/react";
import { lazy, type ReactNode, Suspense, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FeatureFlags } from "#server/config";
import type { Grants } from "#server/auth/permissions";
import { allows, mayOpen, settingsEntry } from "#domain/admin-access";
import { Badge } from "#app/components/ui/Badge";
import { type PendingCounts, usePendingCounts } from "#app/lib/admin-pending";
import { useHydrated } from "#app/lib/hydrated";
import { isCurrentPath } from "#app/lib/shell";
import { AppAnchor, useAppAnchorClick } from "./app-anchor";
import { LanguageSelect } from "./LanguageSelect";
import { LogoutButton } from "./LogoutButton";
import { ADMIN_NAV, type AdminNavItem, enabled, type NavLinkItem } from "./nav-items";
import { navEntry } from "./styles";

// Lazy: the badge polls through the tRPC client, which members' pages (this menu's module is
// part of every page's shell) should not download. It mounts once the page has hydrated: a
// lazy module met during hydration leaves its Suspense boundary dehydrated until it loads, and
// opening the phone drawer in that moment was React error 421 (a flaky admin journey on 375 px).
const ChatUnreadBadge = lazy(() => import("#app/components/chat/UnreadBadge"));

/** The queues whose waiting items an entry's badge counts (the admin area's loader counts them). */
const PENDING_OF: Record<string, (keyof PendingCounts)[]> = {
  "/admin/account": ["accounts"],
  "/admin/withdraw": ["withdrawals", "transfers"],
  "/admin/eas": ["licences", "eaAccounts"],
};

interface AdminMenuProps {
  features: FeatureFlags;
  websiteUrl: string;
  /** The admin's grants: entries outside their role are not shown. */
  grants: Grants;
  /** Called when an entry is chosen: the drawer closes, except for the campaign and gacha groups. */
  onNavigate?: () => void;
}

/**
 * The admin menu's 17 entries in their fixed order: 15 pages (campaigns and gachas are groups
 * that open their sub-entries), the external website and logout. On small screens it lives in
 * the drawer, with the ja/en selector under it.
 */
export function AdminMenu({ features, websiteUrl, grants, onNavigate }: AdminMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const pending = usePendingCounts();
  const onClick = useAppAnchorClick(onNavigate);
  const link = (item: NavLinkItem) => {
    const current =
      isCurrentPath(pathname, item.to) &&
      !(item.to === "/admin/campaigns" && pathname.endsWith("/create")) &&
      !(item.to === "/admin/gachas" && pathname.endsWith("/create"));
    return (
      <AppAnchor
        href={item.to}
        aria-current={current ? "page" : undefined}
        className={navEntry(current, true)}
        onClick={onClick}
      >
        {t(item.labelKey)}
        <PendingBadge count={waiting(pending, item.to)} />
      </AppAnchor>
    );
  };
  return (
    <nav aria-label={t("admin.nav")} data-testid="admin-menu">
      <ul className="space-y-0.5">
        {permitted(enabled(ADMIN_NAV, features), grants).map((item) =>
          item.kind === "link" ? (
            item.to === "/admin/customer" ? (
              // Members' unread support messages, beside the customer list.
              <li key={item.to} className="flex items-center gap-1">
                {link(item)}
                {hydrated && allows(grants, "chat") && (
                  <Suspense fallback={null}>
                    <ChatUnreadBadge onNavigate={onNavigate} />
                  </Suspense>
                )}
              </li>
            ) : (
              <li key={item.to}>{link(item)}</li>
            )
          ) : (
            <li key={item.id}>
              <MenuGroup
                label={t(item.labelKey)}
                testId={`admin-group-${item.id}`}
                initiallyOpen={item.children.some((c) => isCurrentPath(pathname, c.to))}
              >
                {item.children.map((child) => (
                  <li key={child.to}>{link(child)}</li>
                ))}
              </MenuGroup>
            </li>
          ),
        )}
      </ul>
      <ul className="mt-3 space-y-0.5 border-t border-slate-200 pt-3 dark:border-slate-700">
        <li>
          <a
            href={websiteUrl}
            {...externalAttrs(websiteUrl)}
            className={navEntry(false, true)}
            onClick={onNavigate}
          >
            {t("admin.website")}
            {isExternal(websiteUrl) && <span className="sr-only">{t("nav.externalLink")}</span>}
          </a>
        </li>
        <li>
          <LogoutButton className={navEntry(false, true)} withIcon={false} />
        </li>
      </ul>
      <div
        className="mt-3 hidden border-t border-slate-200 px-3 pt-4 mob:block dark:border-slate-700"
        data-testid="admin-language"
      >
        <LanguageSelect />
      </div>
    </nav>
  );
}

/**
 * A group of entries (campaigns, gachas) behind a button that shows and hides them, open
 * from the start on one of its own pages. A button and a list, not a disclosure library: it
 * is part of every page's shell.
 */
function MenuGroup({
  label,
  testId,
  initiallyOpen,
  children,
}: {
  label: string;
  testId: string;
  initiallyOpen: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const listId = useId();
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen(!open)}
        className={`${navEntry(false, true)} justify-between`}
        data-testid={testId}
      >
        <span>{label}</span>
        <ChevronDownIcon
          aria-hidden="true"
          className={`h-4 w-4 shrink-0 text-slate-500 transition-transform motion-reduce:transition-none dark:text-slate-400 ${open ? "rotate-180" : ""}`}
        />
      </button>
      {open && (
        <ul
          id={listId}
          className="mb-1 ml-4 mt-0.5 space-y-0.5 border-l border-slate-200 pl-2 dark:border-slate-700"
        >
          {children}
        </ul>
      )}
    </>
  );
}

/**
 * The entries the admin's role reaches, in their fixed order: a group keeps the sub-entries
 * it may open; the settings entry leads to the first of its tabs the role reaches.
 */
function permitted(items: AdminNavItem[], grants: Grants): AdminNavItem[] {
  const shown: AdminNavItem[] = [];
  for (const item of items) {
    if (item.kind === "group") {
      const children = item.children.filter((c) => mayOpen(grants, c.to));
      if (children.length > 0) shown.push({ ...item, children });
    } else if (item.to === "/admin/setting") {
      const to = settingsEntry(grants);
      if (to) shown.push({ ...item, to });
    } else if (mayOpen(grants, item.to)) {
      shown.push(item);
    }
  }
  return shown;
}

function waiting(pending: PendingCounts | undefined, to: string): number {
  return pending ? (PENDING_OF[to] ?? []).reduce((n, queue) => n + pending[queue], 0) : 0;
}

/** How many items wait behind an entry: the digits shown, the words read out. */
function PendingBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Badge tone="warning" className="ml-auto tabular-nums" data-testid="admin-pending-badge">
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      <span className="sr-only">{t("admin.pendingBadge", { count })}</span>
    </Badge>
  );
}
