import { Link, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { focusRing } from "#app/components/shell/styles";
import { TrpcProvider } from "#app/components/TrpcProvider";
import { badgeClass } from "#app/components/ui/Badge";
import { trpc } from "#app/lib/trpc";

/** How often the admin menu asks for the unread count. */
const UNREAD_POLL_MS = 30_000;

/**
 * The admin menu's count of members' messages nobody in support has read, beside the customer
 * list entry; it leads to the message inbox. Nothing shows while there are none.
 */
export function ChatUnreadBadge({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <TrpcProvider>
      <Badge onNavigate={onNavigate} />
    </TrpcProvider>
  );
}

/** The admin menu loads the badge lazily: members' pages never download the tRPC client. */
export default ChatUnreadBadge;

function Badge({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { data, refetch } = trpc.chat.admin.unread.useQuery(undefined, {
    refetchInterval: UNREAD_POLL_MS,
  });
  // Reading a thread (its page's loader marks it read) changes the count: ask again on each
  // page the admin opens.
  const { pathname } = useLocation();
  useEffect(() => {
    void refetch();
  }, [pathname, refetch]);
  const count = data?.messages ?? 0;
  if (count === 0) return null;
  // Wrapped, so the menu's entries stay the links directly under each item.
  return (
    <span className="shrink-0">
      <Link
        to="/admin/customer/messages"
        onClick={onNavigate}
        aria-label={t("admin.unreadMessages", { count })}
        title={t("admin.unreadMessages", { count })}
        className={`block ${badgeClass("alert")} hover:bg-red-700 ${focusRing}`}
        data-testid="admin-unread-badge"
      >
        {count > 99 ? "99+" : count}
      </Link>
    </span>
  );
}
