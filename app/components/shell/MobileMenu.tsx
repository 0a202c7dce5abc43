import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { Bars3Icon, XMarkIcon } from "@heroicons/react/24/outline";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Viewer } from "../../../server/features/shell/service";
import { AdminMenu } from "./AdminMenu";
import { SideNav } from "./SideNav";

/**
 * Below the medium breakpoint the side navigation becomes a left drawer behind a button.
 * Which menu it holds depends on one flag: admin or not.
 */
export function MobileMenu({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const isAdmin = viewer.user?.permission === "admin";
  return (
    <>
      <button
        type="button"
        data-testid="mobile-menu-button"
        aria-label={t("nav.openMenu")}
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <Bars3Icon className="h-6 w-6" aria-hidden="true" />
      </button>
      <Dialog open={open} onClose={close} className="relative z-50 md:hidden">
        <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
        <div className="fixed inset-y-0 left-0 flex w-full max-w-[300px]">
          <DialogPanel
            data-testid="mobile-drawer"
            className="flex w-full flex-col overflow-y-auto bg-white p-4 shadow-xl dark:bg-slate-900"
          >
            <div className="mb-4 flex items-center justify-between">
              <DialogTitle className="text-base font-semibold text-slate-900 dark:text-white">
                {isAdmin ? t("admin.nav") : t("nav.mainNav")}
              </DialogTitle>
              <button
                type="button"
                onClick={close}
                aria-label={t("nav.closeMenu")}
                className="inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 dark:text-slate-300 dark:hover:bg-slate-800"
              >
                <XMarkIcon className="h-6 w-6" aria-hidden="true" />
              </button>
            </div>
            {isAdmin ? (
              <AdminMenu
                features={viewer.features}
                websiteUrl={viewer.websiteUrl}
                onNavigate={close}
              />
            ) : (
              <SideNav
                loggedIn={viewer.user !== null}
                features={viewer.features}
                websiteUrl={viewer.websiteUrl}
                onNavigate={close}
              />
            )}
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
