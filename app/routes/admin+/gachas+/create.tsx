import { type ActionFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { EMPTY_GACHA, GachaForm } from "#app/components/gachas/GachaForm";
import { imageOf, parseForm, saveRecord } from "#app/lib/forms.server";
import { gachaInput } from "#domain/gacha";
import { AdminFormPage, useRefusedForm, withEchoed } from "#app/components/admin/FormPage";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("gacha:admin.create"), i18n: ["gacha", "errors"] };

export const action = /* @__PURE__ */ answerRefusals(({ request, context }: ActionFunctionArgs) => {
  return saveRecord(
    parseForm(request, gachaInput, { files: true }),
    async (form) =>
      context.trpc.gachas.create({ gacha: form.input, image: await imageOf(form.form) }),
    // Next: its rewards, without which nobody can draw.
    (_, gacha) => `/admin/gachas/${gacha.id}/rewards?created=1`,
  );
});

/** /admin/gachas/create */
export default function CreateGacha() {
  const { t } = useTranslation("gacha");
  const { echoed, error } = useRefusedForm();
  return (
    <AdminFormPage back="/admin/gachas" backLabel={t("admin.back")} title={t("admin.create")}>
      <GachaForm
        initial={withEchoed(EMPTY_GACHA, echoed, "published")}
        error={error}
        submitLabel={t("admin.createSubmit")}
      />
    </AdminFormPage>
  );
}
