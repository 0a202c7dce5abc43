import { Outlet } from "@remix-run/react";

export const handle = { i18n: ["admin", "accounts", "errors"] };

/**
 * /admin/account: the admin menu's "account list". Two tabs (under each list's title): the
 * members' cashback accounts (the list itself) and the brokers they are registered at (broker
 * management lives here, as the admin menu has no entry of its own for it).
 */
export default function AdminAccountLayout() {
  return (
    <div className="space-y-6">
      <Outlet />
    </div>
  );
}
