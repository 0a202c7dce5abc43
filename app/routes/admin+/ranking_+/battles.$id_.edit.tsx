import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BattleForm, typedBattle } from "#app/components/battles/BattleForm";
import { Alert } from "#app/components/ui/Alert";
import { BATTLE_FORM, battleInput } from "./battle-form.server";
import { parseForm, saveRecord } from "#app/lib/forms.server";
import { orNotFound } from "#app/lib/not-found.server";
import { textLink } from "#app/components/ui/link";
import { PageTitle } from "#app/components/ui/PageTitle";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("battle:admin.edit"), i18n: ["battle", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ params, context }: LoaderFunctionArgs) => {
    return json(await orNotFound(() => context.trpc.battles.adminGet({ id: params.id ?? "" })));
  },
);

export const action = /* @__PURE__ */ answerRefusals(
  ({ request, params, context }: ActionFunctionArgs) => {
    const id = params.id ?? "";
    return saveRecord(
      parseForm(request, battleInput, BATTLE_FORM),
      (form) => context.trpc.battles.update({ id, battle: form.input }),
      () => `/admin/ranking/battles/${id}?updated=1`,
    );
  },
);

/** /admin/ranking/battles/$id/edit: title, period and prizes of an open battle. */
export default function EditBattle() {
  const { t } = useTranslation("battle");
  const { battle, prizes } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const typed = failure && typedBattle(failure);
  const settled = battle.status === "settled";
  const refusal = failure?.error.key?.startsWith("battle.")
    ? t(`errors.${failure.error.key.slice("battle.".length)}`, {
        defaultValue: t("errors.generic"),
      })
    : null;
  return (
    <div className="max-w-3xl space-y-4">
      <Link to={`/admin/ranking/battles/${battle.id}`} className={`${textLink} text-sm`}>
        {battle.title}
      </Link>
      <PageTitle>{t("admin.edit")}</PageTitle>
      {refusal && (
        <Alert tone="error" testId="form-error">
          {refusal}
        </Alert>
      )}
      {settled ? (
        <Alert tone="info">{t("admin.lockedNote")}</Alert>
      ) : (
        <BattleForm
          key={typed?.key ?? "saved"}
          initial={
            typed?.battle ?? {
              title: battle.title,
              titleEn: battle.titleEn,
              startsOn: battle.startsOn,
              endsOn: battle.endsOn,
              prizes: prizes.map((p) => ({ rank: String(p.rank), amount: String(p.amount) })),
            }
          }
          error={failure ? failure.error : null}
          submitLabel={t("admin.save")}
        />
      )}
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
