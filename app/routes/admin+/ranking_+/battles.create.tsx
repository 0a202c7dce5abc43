import { type ActionFunctionArgs } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BattleForm, EMPTY_BATTLE, typedBattle } from "#app/components/battles/BattleForm";
import { parseForm, saveRecord } from "#app/lib/forms.server";
import { BATTLE_FORM, battleInput } from "./battle-form.server";
import { textLink } from "#app/components/ui/link";
import { PageTitle } from "#app/components/ui/PageTitle";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("battle:admin.create"), i18n: ["battle", "errors"] };

export const action = /* @__PURE__ */ answerRefusals(({ request, context }: ActionFunctionArgs) =>
  saveRecord(
    parseForm(request, battleInput, BATTLE_FORM),
    (form) => context.trpc.battles.create(form.input),
    (_, battle) => `/admin/ranking/battles/${battle.id}?created=1`,
  ),
);

/** /admin/ranking/battles/create */
export default function CreateBattle() {
  const { t } = useTranslation("battle");
  const failure = useActionData<typeof action>();
  const typed = failure && typedBattle(failure, EMPTY_BATTLE.prizes);
  return (
    <div className="max-w-3xl space-y-4">
      <Link to="/admin/ranking/battles" className={`${textLink} text-sm`}>
        {t("admin.back")}
      </Link>
      <PageTitle>{t("admin.create")}</PageTitle>
      <BattleForm
        // A refusal remounts the form with what was typed.
        key={typed?.key ?? "new"}
        initial={typed?.battle ?? EMPTY_BATTLE}
        error={failure ? failure.error : null}
        submitLabel={t("admin.createSubmit")}
      />
    </div>
  );
}
