import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EaForm, EMPTY_EA } from "~/components/ea/EaForm";
import { readEaForm } from "~/lib/ea-form.server";
import { attempt } from "~/lib/forms.server";
import { textLink } from "~/components/ui/link";
import { PageTitle } from "~/components/ui/PageTitle";

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
  const failure = useActionData<typeof action>();
  const echoed = failure && !failure.ok ? failure.values : {};
  return (
    <div className="max-w-3xl space-y-4">
      <Link to="/admin/eas" className={`${textLink} text-sm`}>
        {t("admin.back")}
      </Link>
      <PageTitle>{t("admin.create")}</PageTitle>
      <EaForm
        withFile
        initial={{
          ...EMPTY_EA,
          ...echoed,
          active: echoed.active === undefined ? true : echoed.active === "on",
        }}
        error={failure && !failure.ok ? failure.error : null}
        submitLabel={t("admin.createSubmit")}
      />
    </div>
  );
}
