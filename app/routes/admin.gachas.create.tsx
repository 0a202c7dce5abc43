import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EMPTY_GACHA, GachaForm } from "~/components/gacha/GachaForm";
import { attempt } from "~/lib/forms.server";
import { readGachaForm } from "~/lib/gacha-form.server";
import { textLink } from "~/components/ui/link";
import { PageTitle } from "~/components/ui/PageTitle";

export const handle = { i18n: ["gacha", "errors"] };

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readGachaForm(request);
  if (!form.ok) return form.response;
  const result = await attempt(form.values, () =>
    context.trpc.gachas.create({ gacha: form.gacha, image: form.image }),
  );
  if (!result.ok) return result.response;
  // Next: its rewards, without which nobody can draw.
  return redirect(`/admin/gachas/${result.data.id}/rewards?created=1`);
}

/** /admin/gachas/create */
export default function CreateGacha() {
  const { t } = useTranslation("gacha");
  const failure = useActionData<typeof action>();
  const echoed = failure && !failure.ok ? failure.values : {};
  return (
    <div className="max-w-3xl space-y-4">
      <Link to="/admin/gachas" className={`${textLink} text-sm`}>
        {t("admin.back")}
      </Link>
      <PageTitle>{t("admin.create")}</PageTitle>
      <GachaForm
        initial={{
          ...EMPTY_GACHA,
          ...echoed,
          published: echoed.published === undefined ? true : echoed.published === "on",
        }}
        error={failure && !failure.ok ? failure.error : null}
        submitLabel={t("admin.createSubmit")}
      />
    </div>
  );
}
