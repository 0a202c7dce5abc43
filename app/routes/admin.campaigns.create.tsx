import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CampaignForm, EMPTY_CAMPAIGN } from "~/components/campaign/CampaignForm";
import { readCampaignForm } from "~/lib/campaign-form.server";
import { attempt } from "~/lib/forms.server";
import { textLink } from "~/components/ui/link";
import { PageTitle } from "~/components/ui/PageTitle";

export const handle = { i18n: ["campaign", "errors"] };

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readCampaignForm(request);
  if (!form.ok) return form.response;
  const result = await attempt(form.values, () =>
    context.trpc.campaigns.create({ campaign: form.campaign, image: form.image }),
  );
  if (!result.ok) return result.response;
  return redirect(`/admin/campaigns?${new URLSearchParams({ saved: form.campaign.title.trim() })}`);
}

/** /admin/campaigns/create */
export default function CreateCampaign() {
  const { t } = useTranslation("campaign");
  const failure = useActionData<typeof action>();
  const echoed = failure && !failure.ok ? failure.values : {};
  return (
    <div className="max-w-3xl space-y-4">
      <Link to="/admin/campaigns" className={`${textLink} text-sm`}>
        {t("admin.back")}
      </Link>
      <PageTitle>{t("admin.create")}</PageTitle>
      <CampaignForm
        key={JSON.stringify(echoed)}
        initial={{
          ...EMPTY_CAMPAIGN,
          ...echoed,
          active: echoed.active === undefined ? true : echoed.active === "on",
        }}
        error={failure && !failure.ok ? failure.error : null}
        submitLabel={t("admin.createSubmit")}
      />
    </div>
  );
}
