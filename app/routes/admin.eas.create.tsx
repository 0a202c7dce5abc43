import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { EaForm, EMPTY_EA } from "~/components/ea/EaForm";
import { readEaForm } from "~/lib/ea-form.server";
import { attempt } from "~/lib/forms.server";
import { AdminFormPage, echoedFlag, useRefusedForm } from "~/components/admin/FormPage";

export const handle = { i18n: ["ea", "errors"] };

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readEaForm(request);
  if (!form.ok) return form.response;
  const result = await attempt(form.values, () =>
    context.trpc.eas.create({ ea: form.ea, file: form.file }),
  );
  if (!result.ok) return result.response;
  return redirect(`/admin/eas?${new URLSearchParams({ saved: form.values.name })}`);
}

/** /admin/eas/create: a new EA with its first version. */
export default function CreateEa() {
  const { t } = useTranslation("ea");
  const { echoed, error } = useRefusedForm();
  return (
    <AdminFormPage back="/admin/eas" backLabel={t("admin.back")} title={t("admin.create")}>
      <EaForm
        withFile
        initial={{ ...EMPTY_EA, ...echoed, active: echoedFlag(echoed, "active", true) }}
        error={error}
        submitLabel={t("admin.createSubmit")}
      />
    </AdminFormPage>
  );
}
