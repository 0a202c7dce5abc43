import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { Link, useActionData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EMPTY_REWARD, RewardForm } from "~/components/gacha/RewardForm";
import { attempt } from "~/lib/forms.server";
import { readRewardForm } from "~/lib/gacha-form.server";
import type { loader as gachaLoader } from "./admin.gachas.$gachaId";
import { textLink } from "~/components/ui/link";

export const handle = { i18n: ["gacha", "errors"] };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const gachaId = params.gachaId ?? "";
  const form = await readRewardForm(request);
  if (!form.ok) return form.response;
  const result = await attempt(form.values, () =>
    context.trpc.gachas.createReward({ gachaId, reward: form.reward, image: form.image }),
  );
  if (!result.ok) return result.response;
  return redirect(
    `/admin/gachas/${gachaId}/rewards?${new URLSearchParams({ saved: form.values.name })}`,
  );
}

/** /admin/gachas/{id}/rewards/create */
export default function CreateReward() {
  const { t } = useTranslation("gacha");
  const data = useRouteLoaderData<typeof gachaLoader>("routes/admin.gachas.$gachaId");
  const failure = useActionData<typeof action>();
  if (!data) return null;
  const echoed = failure && !failure.ok ? failure.values : {};
  return (
    <div className="max-w-3xl space-y-4">
      <Link to={`/admin/gachas/${data.gacha.id}/rewards`} className={`${textLink} text-sm`}>
        {t("admin.reward.back")}
      </Link>
      <h2 className="text-lg font-semibold">{t("admin.reward.create")}</h2>
      <RewardForm
        key={JSON.stringify(echoed)}
        method={data.gacha.method}
        initial={{
          ...EMPTY_REWARD,
          ...echoed,
          active: echoed.active === undefined ? true : echoed.active === "on",
        }}
        error={failure && !failure.ok ? failure.error : null}
        submitLabel={t("admin.reward.createSubmit")}
      />
    </div>
  );
}
