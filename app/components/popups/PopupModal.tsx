import { JapaneseBadge } from "#app/components/JapaneseOnly";
import {
  Description,
  Dialog,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
} from "#app/components/ui/headless/dialog";
import ArrowTopRightOnSquareIcon from "@heroicons/react/20/solid/ArrowTopRightOnSquareIcon";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { focusRing } from "#app/components/shell/styles";
import { reportShown } from "#app/lib/dialogs";
import { buttonClass } from "#app/components/ui/button";
import { card } from "#app/components/ui/card";

export interface PopupContent {
  id: string;
  title: string;
  body: string;
  imageUrl: string | null;
  linkUrl: string | null;
  /** Texts shown in Japanese to an English reader; absent in the admin's preview. */
  japanese?: { title: boolean; body: boolean };
}

/** The popup itself: title, image, the body as text (never HTML), the link and 閉じる. */
export function PopupDialog({
  popup,
  open,
  onClose,
}: {
  popup: PopupContent;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("popup");
  return (
    // Named from the first paint (see GoalModal): the title's aria-labelledby comes in an effect.
    <Dialog open={open} onClose={onClose} aria-label={popup.title} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50 dark:bg-black/70" />
      <div className="fixed inset-0 flex w-screen items-center justify-center overflow-y-auto p-4">
        <DialogPanel
          data-testid="popup-dialog"
          className={`${card} w-full max-w-md overflow-hidden shadow-xl`}
        >
          {popup.imageUrl && (
            <img
              src={popup.imageUrl}
              alt=""
              className="aspect-[16/9] w-full bg-slate-100 object-cover dark:bg-slate-800"
            />
          )}
          <div className="p-5 sm:p-6">
            <DialogTitle className="text-lg font-bold text-slate-900 [overflow-wrap:anywhere] dark:text-white">
              {popup.title}
              {popup.japanese?.title && <JapaneseBadge className="ml-2 align-middle" />}
            </DialogTitle>
            <Description
              data-testid="popup-body"
              className="mt-3 max-h-[50vh] overflow-y-auto whitespace-pre-wrap text-sm text-slate-700 [overflow-wrap:anywhere] dark:text-slate-200"
            >
              {popup.body}
            </Description>
            {popup.japanese?.body && !popup.japanese.title && <JapaneseBadge className="mt-2" />}
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <button
                type="button"
                data-autofocus
                onClick={onClose}
                className={buttonClass({
                  variant: "secondary",
                  block: true,
                  className: "sm:min-w-28",
                })}
              >
                {t("close")}
              </button>
              {popup.linkUrl && (
                <a
                  href={popup.linkUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="popup-link"
                  className={`inline-flex min-h-11 w-full items-center justify-center gap-1.5 rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-emerald-800 sm:w-auto ${focusRing}`}
                >
                  {t("open")}
                  <ArrowTopRightOnSquareIcon className="h-4 w-4" aria-hidden="true" />
                </a>
              )}
            </div>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/**
 * A popup for a signed-in member: the oldest active popup in its period the member has not
 * been shown yet (from the root loader). Once on screen it is marked seen, so it shows once per
 * member; a failed mark logs a warning.
 */
export function PopupModal({ popup }: { popup: PopupContent }) {
  const [open, setOpen] = useState(true);
  const popupId = popup.id;
  useEffect(() => {
    reportShown("popupSeen", [popupId]).catch((error: unknown) => {
      console.warn("popup could not be marked seen", error);
    });
  }, [popupId]);

  return <PopupDialog popup={popup} open={open} onClose={() => setOpen(false)} />;
}
