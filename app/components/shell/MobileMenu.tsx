import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "~/components/ui/headless/dialog";
import { Bars3Icon, XMarkIcon } from "@heroicons/react/24/outline";
import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Viewer } from "../../../server/features/shell/service";
import { AdminMenu } from "./AdminMenu";
import { SideNav } from "./SideNav";
import { focusRing } from "./styles";

const iconButton = `inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 ${focusRing}`;

/**
 * Below the medium breakpoint the side navigation becomes a left drawer behind a button.
 * Which menu it holds depends on one flag: admin or not.
 */
export function MobileMenu({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  // A link's click closes the drawer, but a navigation it did not start (back, a redirect) or
  // a transition that misses the click must not leave it covering the new page.
  const { pathname, search } = useLocation();
  useEffect(() => setOpen(false), [pathname, search]);
  const isAdmin = viewer.user?.permission === "admin";
  return (
    <>
      <button
        type="button"
        data-testid="mobile-menu-button"
        aria-label={t("nav.openMenu")}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className={`-ml-2 md:hidden ${iconButton}`}
      >
        <Bars3Icon className="h-6 w-6" aria-hidden="true" />
      </button>
      <Dialog open={open} onClose={close} className="fixed inset-0 z-50 md:hidden">
        <DialogBackdrop
          transition
          className="fixed inset-0 bg-slate-900/50 transition-opacity duration-200 ease-out data-[closed]:opacity-0 motion-reduce:transition-none dark:bg-black/70"
        />
        <div className="fixed inset-y-0 left-0 flex w-full max-w-[300px]">
          <DialogPanel
            transition
            data-testid="mobile-drawer"
            className="flex w-full flex-col overflow-y-auto overscroll-contain border-r border-slate-200 bg-white px-3 pb-6 pt-3 shadow-xl transition-transform duration-200 ease-out data-[closed]:-translate-x-full motion-reduce:transition-none dark:border-slate-700 dark:bg-slate-900"
          >
            <div className="mb-3 flex items-center justify-between pl-3">
              <DialogTitle className="text-base font-semibold text-slate-900 dark:text-white">
                {isAdmin ? t("admin.nav") : t("nav.mainNav")}
              </DialogTitle>
              <button
                type="button"
                onClick={close}
                aria-label={t("nav.closeMenu")}
                data-testid="mobile-menu-close"
                className={iconButton}
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
