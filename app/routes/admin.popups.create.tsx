import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EMPTY_POPUP, PopupForm } from "~/components/popup/PopupForm";
import { attempt } from "~/lib/forms.server";
import { readPopupForm } from "~/lib/popup-form.server";
import { textLink } from "~/components/ui/link";
import { PageTitle } from "~/components/ui/PageTitle";

export const handle = { i18n: ["popup", "errors"] };

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readPopupForm(request);
  if (!form.ok) return form.response;
  const result = await attempt(form.values, () =>
    context.trpc.popups.create({ popup: form.popup, image: form.image }),
  );
  if (!result.ok) return result.response;
  return redirect(`/admin/popups/${result.data.id}?created=1`);
}

/** /admin/popups/create */
export default function CreatePopup() {
  const { t } = useTranslation("popup");
  const failure = useActionData<typeof action>();
  const echoed = failure && !failure.ok ? failure.values : {};
  return (
    <div className="max-w-3xl space-y-4">
      <Link to="/admin/popups" className={`${textLink} text-sm`}>
        {t("admin.back")}
      </Link>
      <PageTitle>{t("admin.create")}</PageTitle>
      <PopupForm
        key={JSON.stringify(echoed)}
        initial={{
          ...EMPTY_POPUP,
          ...echoed,
          active: echoed.active === undefined ? true : echoed.active === "on",
        }}
        error={failure && !failure.ok ? failure.error : null}
        submitLabel={t("admin.createSubmit")}
      />
    </div>
  );
}
