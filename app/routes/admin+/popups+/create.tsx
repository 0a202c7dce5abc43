import { useTranslation } from "react-i18next";
import { EMPTY_POPUP, PopupForm } from "#app/components/popups/PopupForm";
import { savePopup } from "./popup-form.server";
import { AdminFormPage, useRefusedForm, withEchoed } from "#app/components/admin/FormPage";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("popup:admin.create"), i18n: ["popup", "errors"] };

export const action = /* @__PURE__ */ answerRefusals(savePopup);

/** /admin/popups/create */
export default function CreatePopup() {
  const { t } = useTranslation("popup");
  const { echoed, error } = useRefusedForm();
  return (
    <AdminFormPage back="/admin/popups" backLabel={t("admin.back")} title={t("admin.create")}>
      <PopupForm
        key={JSON.stringify(echoed)}
        initial={withEchoed(EMPTY_POPUP, echoed, "active")}
        error={error}
        submitLabel={t("admin.createSubmit")}
      />
    </AdminFormPage>
  );
}
