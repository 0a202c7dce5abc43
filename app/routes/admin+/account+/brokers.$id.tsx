import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminFormPage, useRefusedForm } from "#app/components/admin/FormPage";
import { termsInitial } from "#app/components/brokers/BrokerTermsFields";
import { BrokerForm } from "#app/components/BrokerForm";
import { attempt, listWithSaved, parseForm, saveRecord } from "#app/lib/forms.server";
import { BROKER_FORM, brokerFormInput, brokerImages } from "./broker-form.server";
import { answerRefusals } from "#app/lib/refusals.server";
import { actionLink } from "#app/components/ui/link";
import { title } from "#app/lib/page-title";
import { readForm } from "#app/lib/refusals.server";
import { presentDecisionForm } from "#domain/present";
import { EARLIEST } from "#domain/pricing";
import { FirstApprover, SecondApproval } from "#app/components/admin/SecondApproval";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { Section } from "#app/components/ui/card";

export const handle = {
  title: title.named("broker.name", "admin:brokers.edit"),
  // brokers: the rate changes listed under the rates (their words are the public card's).
  // admin-money: the second approval's controls, shared with the money queues.
  i18n: ["admin", "accounts", "brokers", "errors", "admin-money"],
};

async function brokerOr404(context: LoaderFunctionArgs["context"], id: string) {
  try {
    return await context.trpc.brokers.get({ id });
  } catch (error) {
    if ((error as { code?: string }).code === "NOT_FOUND") {
      throw new Response("Not found", { status: 404 });
    }
    throw error;
  }
}

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ context, params }: LoaderFunctionArgs) => {
    const broker = await brokerOr404(context, params.id ?? "");
    const [rateChanges, me] = await Promise.all([
      context.trpc.brokers.rateChanges.list({ id: broker.id }),
      context.trpc.auth.me(),
    ]);
    return json({ broker, rateChanges, adminId: me?.id ?? "" });
  },
);

/**
 * Saves the broker; new rates only wait for a second admin, so a save that changed them comes
 * back here to show that. A second admin's approval or sending back of a waiting change is
 * posted here too, named by its `intent` (the broker form has none).
 */
export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context, params }: ActionFunctionArgs) => {
    const id = params.id ?? "";
    if (request.headers.get("content-type")?.includes("urlencoded")) {
      const form = await readForm(request);
      if (form.has("intent")) {
        const parsed = await parseForm(form, presentDecisionForm);
        if (!parsed.ok) return parsed.response;
        const { input } = parsed;
        const changes = context.trpc.brokers.rateChanges;
        const result = await attempt(parsed.values, async () => {
          if (input.intent === "approve") await changes.approve({ id: input.id });
          else await changes.sendBack(input);
        });
        if (!result.ok) return result.response;
        return json({ ok: true as const, intent: input.intent });
      }
      throw new Response(null, { status: 400 });
    }
    return saveRecord(
      parseForm(request, brokerFormInput, BROKER_FORM),
      async (form) =>
        context.trpc.brokers.update({
          id,
          ...form.input,
          ...(await brokerImages(form.form)),
        }),
      (form, saved) =>
        saved.rateChange
          ? `/admin/account/brokers/${id}?rateChange=waiting`
          : listWithSaved("/admin/account/brokers", form.value.name),
    );
  },
);

/** Edit a broker; unticking "shown to members" deactivates it (its accounts stay). */
export default function EditBroker() {
  const { t } = useTranslation("admin");
  const { broker, rateChanges, adminId } = useLoaderData<typeof loader>();
  const refused = useRefusedForm();
  const [params] = useSearchParams();
  // "waiting": a save changed the rates; "created": a new broker's first rates.
  const waiting = params.get("rateChange");
  const decision = useActionData<typeof action>() as
    | { ok: true; intent: string }
    | { ok: false; error?: unknown; values?: Record<string, string> }
    | undefined;
  // A refused second decision echoes its intent: it is the rate changes' error, not the form's.
  const decisionRefused = !!decision && !decision.ok && "intent" in (decision.values ?? {});
  const echoed = decisionRefused ? {} : refused.echoed;
  const error = decisionRefused ? null : refused.error;
  return (
    <AdminFormPage
      back="/admin/account/brokers"
      backLabel={t("brokers.back")}
      title={t("brokers.edit", { name: broker.name })}
    >
      {/* A rate change dated in the past: what it means for rows already credited. */}
      <Link
        to={`/admin/account/brokers/${broker.id}/adjustments`}
        className={`${actionLink} inline-flex min-h-11 items-center text-sm`}
        data-testid="adjustments-link"
      >
        {t("adjustments.link")}
      </Link>
      {waiting && !decision && (
        <Alert tone="info" testId="rate-change-waiting">
          {t(`brokers.rateChanges.${waiting === "created" ? "created" : "waiting"}`)}
        </Alert>
      )}
      {decision?.ok && (
        <Alert tone="success" testId="rate-change-decided">
          {t(`brokers.rateChanges.${decision.intent === "approve" ? "approved" : "sentBack"}`)}
        </Alert>
      )}
      {rateChanges.length > 0 && (
        <Section title={t("brokers.rateChanges.title")} testId="rate-changes">
          {decisionRefused && (
            <FormErrorAlert error={(decision as { error?: unknown }).error as never} />
          )}
          <ul className="divide-y divide-slate-200 dark:divide-slate-700">
            {rateChanges.map((c) => (
              <li key={c.id} className="space-y-2 py-3 text-sm" data-testid="rate-change">
                <p className="font-medium">
                  {c.from === EARLIEST
                    ? t("brokers.rateChanges.fromStart")
                    : t("brokers.rateChanges.from", { day: c.from })}{" "}
                  · {t(`brokers.rateChanges.status.${c.status}`)}
                </p>
                <p className="break-words text-slate-600 dark:text-slate-300">
                  {c.rates.length === 0
                    ? t("brokers.rateChanges.none")
                    : c.rates
                        .map((r) => `${r.accountType} ${r.kind} ${r.valueX100 / 100}`)
                        .join(" / ")}
                </p>
                {c.status === "returned" && c.sendBackReason && (
                  <p className="break-words">
                    {t("brokers.rateChanges.reason", { reason: c.sendBackReason })}
                  </p>
                )}
                <FirstApprover row={c} />
                <SecondApproval row={c} adminId={adminId} />
              </li>
            ))}
          </ul>
        </Section>
      )}
      <BrokerForm
        // A fresh form after each save attempt, so the kind toggle follows what was sent.
        key={JSON.stringify(echoed)}
        initial={{
          name: broker.name,
          code: broker.code,
          accountKind: broker.accountKind,
          idCharset: broker.idCharset ?? "",
          idMinLength: broker.idMinLength === null ? "" : String(broker.idMinLength),
          idMaxLength: broker.idMaxLength === null ? "" : String(broker.idMaxLength),
          signupUrl: broker.signupUrl,
          displayOrder: String(broker.displayOrder),
          autoRebate: broker.autoRebate,
          active: broker.active,
          logoPath: broker.logoPath,
          bannerPath: broker.bannerPath,
          ...echoed,
          terms: termsInitial(broker, echoed),
        }}
        error={error}
        submitLabel={t("brokers.update")}
      />
    </AdminFormPage>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
