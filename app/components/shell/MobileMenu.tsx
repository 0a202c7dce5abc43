import Bars3Icon from "@heroicons/react/24/outline/Bars3Icon";
import XMarkIcon from "@heroicons/react/24/outline/XMarkIcon";
import { useLocation } from "@remix-run/react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Viewer } from "#server/features/shell/service";
import { AdminMenu } from "./AdminMenu";
import { SideNav } from "./SideNav";
import { focusRing } from "./styles";

const iconButton = `inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 ${focusRing}`;

/**
 * Below the medium breakpoint the side navigation becomes a left drawer behind a button.
 * Which menu it holds depends on one flag: admin or not.
 *
 * The drawer is the browser's modal <dialog>: it makes the page behind inert,
 * closes on Escape and gives focus back to the button by itself, so every page's shell needs
 * no dialog library (Headless UI's was 21 KB of Brotli on each first load). Its entries are
 * rendered only while it is open, as before, so the page's HTML does not carry the menu twice.
 */
export function MobileMenu({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const drawer = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = () => setOpen(false);
  // A link's click closes the drawer, but a navigation it did not start (back, a redirect) or
  // a transition that misses the click must not leave it covering the new page.
  const { pathname, search } = useLocation();
  useEffect(() => setOpen(false), [pathname, search]);
  useEffect(() => {
    const dialog = drawer.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
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
      {/* No display class on the <dialog> itself: the browser's display:none keeps it shut. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a modal
          dialog's own keys (Tab kept inside) and its backdrop's click; Escape is the browser's */}
      <dialog
        ref={drawer}
        data-testid="mobile-drawer"
        aria-labelledby={titleId}
        onClose={close}
        onKeyDown={keepTabInside}
        // A click on the dialog element itself is a click on its backdrop (the panel fills it).
        onClick={(event) => event.target === event.currentTarget && close()}
        className="inset-y-0 left-0 right-auto m-0 h-full max-h-full w-full max-w-[300px] overflow-y-auto overscroll-contain border-0 border-r border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50 motion-safe:animate-drawer-in motion-safe:backdrop:animate-fade-in md:hidden dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:backdrop:bg-black/70"
      >
        {open && (
          <div className="min-h-full px-3 pb-6 pt-3">
            <div className="mb-3 flex items-center justify-between pl-3">
              <h2 id={titleId} className="text-base font-semibold text-slate-900 dark:text-white">
                {isAdmin ? t("admin.nav") : t("nav.mainNav")}
              </h2>
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
                grants={viewer.user?.grants ?? {}}
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
          </div>
        )}
      </dialog>
    </>
  );
}

/**
 * A modal <dialog> leaves the rest of the page inert, but Tab past its last control moves on
 * to the browser's own toolbar; the drawer keeps it going round its controls, as a dialog should.
 */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const controls = [
    ...event.currentTarget.querySelectorAll<HTMLElement>(
      "a[href], button:not([disabled]), select:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex='-1'])",
    ),
  ].filter((el) => el.offsetParent !== null);
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
