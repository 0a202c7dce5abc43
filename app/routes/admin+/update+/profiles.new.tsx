import { title } from "#app/lib/page-title";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminFormPage } from "#app/components/admin/FormPage";
import { EMPTY_PROFILE, ProfileForm, useProfileAnswer } from "#app/components/cashback/ProfileForm";
import { brokerChoices, profileAction } from "./profile-form.server";
import { PROFILE_ENCODINGS } from "#domain/import-profile";
import { answerRefusals } from "#app/lib/refusals.server";

export const handle = { title: title.key("cashback:profiles.new"), i18n: ["cashback", "errors"] };

/**
 * A file no profile fitted opens this page with its header, delimiter and encoding
 * (`?header=…&delimiter=…&encoding=…`): the form starts from them and offers the header's words
 * for the columns.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const query = new URL(request.url).searchParams;
    const delimiter = query.get("delimiter") ?? "";
    const encoding = query.get("encoding") ?? "";
    const header = (query.get("header") ?? "")
      .slice(0, 2000)
      .split(delimiter === "tab" ? "\t" : delimiter || ",")
      .map((h) => h.trim())
      .filter(Boolean)
      .slice(0, 30);
    return json({
      brokers: await brokerChoices(context),
      header,
      start: {
        ...(["", ",", ";", "tab"].includes(delimiter) && delimiter && { delimiter }),
        ...((PROFILE_ENCODINGS as readonly string[]).includes(encoding) && { encoding }),
      },
    });
  },
);

export const action = /* @__PURE__ */ answerRefusals(({ request, context }: ActionFunctionArgs) => {
  return profileAction(request, context);
});

/** /admin/update/profiles/new: a new import profile, tried on a sample before it is saved. */
export default function NewImportProfile() {
  const { t } = useTranslation("cashback");
  const { brokers, header, start } = useLoaderData<typeof loader>();
  const { values, error, sample } = useProfileAnswer({ ...EMPTY_PROFILE, ...start });
  return (
    <AdminFormPage
      back="/admin/update/profiles"
      backLabel={t("profiles.back")}
      title={t("profiles.new")}
    >
      <ProfileForm
        initial={values}
        brokers={brokers}
        error={error}
        sample={sample}
        submitLabel={t("profiles.create")}
        header={header}
      />
    </AdminFormPage>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
