import { title } from "~/lib/page-title";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminFormPage } from "~/components/admin/FormPage";
import { EMPTY_PROFILE, ProfileForm, useProfileAnswer } from "~/components/cashback/ProfileForm";
import { brokerChoices, profileAction } from "./profile-form.server";
import { answerRefusals } from "~/lib/refusals.server";

export const handle = { title: title.key("cashback:profiles.new"), i18n: ["cashback", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(async ({ context }: LoaderFunctionArgs) => {
  return json({ brokers: await brokerChoices(context) });
});

export const action = /* @__PURE__ */ answerRefusals(({ request, context }: ActionFunctionArgs) => {
  return profileAction(request, context);
});

/** /admin/update/profiles/new: a new import profile, tried on a sample before it is saved. */
export default function NewImportProfile() {
  const { t } = useTranslation("cashback");
  const { brokers } = useLoaderData<typeof loader>();
  const { values, error, sample } = useProfileAnswer(EMPTY_PROFILE);
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
      />
    </AdminFormPage>
  );
}
