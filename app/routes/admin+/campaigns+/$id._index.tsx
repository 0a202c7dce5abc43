import { useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useRefusedForm, withEchoed } from "#app/components/admin/FormPage";
import { CampaignForm } from "#app/components/campaigns/CampaignForm";
import { saveCampaign } from "./campaign-form.server";
import { toTokyoInput } from "#app/lib/tokyo-input";
import type { loader as campaignLoader } from "./$id";
import { answerRefusals } from "#app/lib/refusals.server";

export const handle = { i18n: ["campaign", "errors"] };

export const action = /* @__PURE__ */ answerRefusals(saveCampaign);

/** /admin/campaigns/{id}: edit the campaign. */
export default function EditCampaign() {
  const { t } = useTranslation("campaign");
  const data = useRouteLoaderData<typeof campaignLoader>("routes/admin+/campaigns+/$id");
  const { echoed, error } = useRefusedForm();
  if (!data) return null;
  const c = data.campaign;
  return (
    <div className="max-w-3xl">
      <CampaignForm
        key={JSON.stringify(echoed)}
        initial={withEchoed(
          {
            title: c.title,
            body: c.body,
            conditions: c.conditions,
            titleEn: c.titleEn,
            bodyEn: c.bodyEn,
            conditionsEn: c.conditionsEn,
            startsAt: toTokyoInput(c.startsAt),
            endsAt: toTokyoInput(c.endsAt),
            capacity: c.capacity === null ? "" : String(c.capacity),
            imageUrl: c.imageUrl,
            active: c.active,
          },
          echoed,
          "active",
        )}
        error={error}
        submitLabel={t("admin.update")}
      />
    </div>
  );
}
