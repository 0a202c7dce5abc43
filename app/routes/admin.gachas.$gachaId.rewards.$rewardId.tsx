import { type ActionFunctionArgs, json, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RewardForm } from "~/components/gacha/RewardForm";
import { attempt } from "~/lib/forms.server";
import { readRewardForm } from "~/lib/gacha-form.server";
import { orNotFound } from "~/lib/not-found.server";
import { toTokyoInput } from "~/lib/tokyo-input";
import type { loader as gachaLoader } from "./admin.gachas.$gachaId";
import { textLink } from "~/components/ui/link";

export const handle = { i18n: ["gacha", "errors"] };

export async function loader({ context, params }: LoaderFunctionArgs) {
  const reward = await orNotFound(() => context.trpc.gachas.reward({ id: params.rewardId ?? "" }));
  // A reward belongs to the gacha in the address.
  if (reward.gachaId !== params.gachaId) throw new Response("Not found", { status: 404 });
  return json({ reward });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const form = await readRewardForm(request);
  if (!form.ok) return form.response;
  const result = await attempt(form.values, () =>
    context.trpc.gachas.updateReward({
      id: params.rewardId ?? "",
      reward: form.reward,
      image: form.image,
    }),
  );
  if (!result.ok) return result.response;
  return redirect(
    `/admin/gachas/${result.data.gachaId}/rewards?${new URLSearchParams({ saved: form.values.name })}`,
  );
}

/** /admin/gachas/{id}/rewards/{rewardId}: edit a reward; what members already won stays. */
export default function EditReward() {
  const { t } = useTranslation("gacha");
  const { reward: r } = useLoaderData<typeof loader>();
  const data = useRouteLoaderData<typeof gachaLoader>("routes/admin.gachas.$gachaId");
  const failure = useActionData<typeof action>();
  if (!data) return null;
  const echoed = failure && !failure.ok ? failure.values : {};
  return (
    <div className="max-w-3xl space-y-4">
      <Link to={`/admin/gachas/${data.gacha.id}/rewards`} className={`${textLink} text-sm`}>
        {t("admin.reward.back")}
      </Link>
      <h2 className="text-lg font-semibold">{t("admin.reward.edit", { name: r.name })}</h2>
      <RewardForm
        key={JSON.stringify(echoed)}
        method={data.gacha.method}
        initial={{
          name: r.name,
          kind: r.kind,
          amount: r.amount === null ? "" : String(r.amount),
          weight: r.weight === null ? "" : String(r.weight),
          stock: r.stock === null ? "" : String(r.stock),
          validFrom: toTokyoInput(r.validFrom),
          validUntil: toTokyoInput(r.validUntil),
          validDays: r.validDays === null ? "" : String(r.validDays),
          displayOrder: String(r.displayOrder),
          imageUrl: r.imageUrl,
          ...echoed,
          active: echoed.active === undefined ? r.active : echoed.active === "on",
        }}
        error={failure && !failure.ok ? failure.error : null}
        submitLabel={t("admin.update")}
      />
    </div>
  );
}
