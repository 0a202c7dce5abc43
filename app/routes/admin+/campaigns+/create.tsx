import { useTranslation } from "react-i18next";
import { CampaignForm, EMPTY_CAMPAIGN } from "#app/components/campaigns/CampaignForm";
import { saveCampaign } from "./campaign-form.server";
import { AdminFormPage, useRefusedForm, withEchoed } from "#app/components/admin/FormPage";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("campaign:admin.create"), i18n: ["campaign", "errors"] };

export const action = /* @__PURE__ */ answerRefusals(saveCampaign);

/** /admin/campaigns/create */
export default function CreateCampaign() {
  const { t } = useTranslation("campaign");
  const { echoed, error } = useRefusedForm();
  return (
    <AdminFormPage back="/admin/campaigns" backLabel={t("admin.back")} title={t("admin.create")}>
      <CampaignForm
        key={JSON.stringify(echoed)}
        initial={withEchoed(EMPTY_CAMPAIGN, echoed, "active")}
        error={error}
        submitLabel={t("admin.createSubmit")}
      />
    </AdminFormPage>
  );
}
