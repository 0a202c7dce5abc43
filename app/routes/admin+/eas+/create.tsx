import { type ActionFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { EaForm, EMPTY_EA } from "#app/components/eas/EaForm";
import { listWithSaved, parseForm, saveRecord } from "#app/lib/forms.server";
import { createEaForm, EA_UPLOAD, eaFile } from "./ea-form.server";
import { AdminFormPage, useRefusedForm, withEchoed } from "#app/components/admin/FormPage";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("ea:admin.create"), i18n: ["ea", "errors"] };

export const action = /* @__PURE__ */ answerRefusals(({ request, context }: ActionFunctionArgs) => {
  return saveRecord(
    parseForm(request, createEaForm, { files: EA_UPLOAD }),
    async (form) =>
      context.trpc.eas.create({
        ea: form.input,
        file: await eaFile(form.form, form.input.version),
      }),
    (form) => listWithSaved("/admin/eas", form.value.name),
  );
});

/** /admin/eas/create: a new EA with its first version. */
export default function CreateEa() {
  const { t } = useTranslation("ea");
  const { echoed, error } = useRefusedForm();
  return (
    <AdminFormPage back="/admin/eas" backLabel={t("admin.back")} title={t("admin.create")}>
      <EaForm
        withFile
        initial={withEchoed(EMPTY_EA, echoed, "active")}
        error={error}
        submitLabel={t("admin.createSubmit")}
      />
    </AdminFormPage>
  );
}
