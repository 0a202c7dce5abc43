import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ActiveToggle } from "#app/components/admin/EntityList";
import { useRefusedForm, withEchoed } from "#app/components/admin/FormPage";
import { PopupDialog } from "#app/components/popups/PopupModal";
import { PopupForm } from "#app/components/popups/PopupForm";
import { PopupNotice } from "#app/components/popups/PopupNotice";
import { PopupStateBadge } from "#app/components/popups/PopupStateBadge";
import { savePopup } from "./popup-form.server";
import { orNotFound } from "#app/lib/not-found.server";
import { toTokyoInput } from "#app/lib/tokyo-input";
import { buttonClass } from "#app/components/ui/button";
import { textLink } from "#app/components/ui/link";
import { PageTitle } from "#app/components/ui/PageTitle";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("popup:admin.edit"), i18n: ["popup", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ params, context }: LoaderFunctionArgs) => {
    return json({
      popup: await orNotFound(() => context.trpc.popups.adminGet({ id: params.id ?? "" })),
    });
  },
);

export const action = /* @__PURE__ */ answerRefusals(savePopup);

/** /admin/popups/{id}: edit the popup, switch it on or off, preview it as members see it. */
export default function EditPopup() {
  const { t } = useTranslation("popup");
  const { popup } = useLoaderData<typeof loader>();
  const { echoed, error } = useRefusedForm();
  const [previewing, setPreviewing] = useState(false);
  return (
    <div className="max-w-3xl space-y-4">
      <Link to="/admin/popups" className={`${textLink} text-sm`}>
        {t("admin.back")}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <PageTitle>{t("admin.edit")}</PageTitle>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
            <PopupStateBadge state={popup.state} />
            <span>
              {t("admin.views")}: {t("admin.viewsCount", { count: popup.views })}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => setPreviewing(true)}
            data-testid="popup-preview"
            className={buttonClass({ variant: "secondary" })}
          >
            {t("admin.preview")}
          </button>
          <ActiveToggle
            ns="popup"
            id={popup.id}
            active={popup.active}
            fields={{ back: "detail" }}
            action="/admin/popups?index"
            prominent
          />
        </div>
      </div>
      <PopupNotice />
      <PopupForm
        key={JSON.stringify(echoed) + popup.active}
        initial={withEchoed(
          {
            title: popup.title,
            body: popup.body,
            titleEn: popup.titleEn,
            bodyEn: popup.bodyEn,
            linkUrl: popup.linkUrl ?? "",
            startsAt: toTokyoInput(popup.startsAt),
            endsAt: toTokyoInput(popup.endsAt),
            imageUrl: popup.imageUrl,
            active: popup.active,
          },
          echoed,
          "active",
        )}
        error={error}
        submitLabel={t("admin.save")}
      />
      <PopupDialog popup={popup} open={previewing} onClose={() => setPreviewing(false)} />
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
