import { type ActionFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { termsInitial } from "#app/components/brokers/BrokerTermsFields";
import { BrokerForm, EMPTY_BROKER } from "#app/components/BrokerForm";
import { listWithSaved, parseForm, saveRecord } from "#app/lib/forms.server";
import { BROKER_FORM, brokerFormInput, brokerImages } from "./broker-form.server";
import { AdminFormPage, useRefusedForm } from "#app/components/admin/FormPage";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = {
  title: title.key("admin:brokers.new"),
  i18n: ["admin", "accounts", "errors"],
};

export const action = /* @__PURE__ */ answerRefusals(({ request, context }: ActionFunctionArgs) => {
  return saveRecord(
    parseForm(request, brokerFormInput, BROKER_FORM),
    async (form) =>
      context.trpc.brokers.create({ ...form.input, ...(await brokerImages(form.form)) }),
    // Its first rates wait for a second admin: its edit page says so and lists them.
    (form, saved) =>
      saved.rateChange
        ? `/admin/account/brokers/${saved.id}?rateChange=created`
        : listWithSaved("/admin/account/brokers", form.value.name),
  );
});

export default function NewBroker() {
  const { t } = useTranslation("admin");
  const { echoed, error } = useRefusedForm();
  return (
    <AdminFormPage
      back="/admin/account/brokers"
      backLabel={t("brokers.back")}
      title={t("brokers.new")}
    >
      <BrokerForm
        initial={{ ...EMPTY_BROKER, ...echoed, terms: termsInitial(null, echoed) }}
        error={error}
        submitLabel={t("brokers.create")}
      />
    </AdminFormPage>
  );
}
