import { Form, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "#app/lib/format";
import { runPasskey } from "#app/lib/passkey";
import { Field } from "#app/components/ui/form";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { buttonClass } from "#app/components/ui/button";
import { schemaLimits } from "#app/lib/constraint";
import { passkeyNameForm } from "#domain/account";

/** The name field's limits, from the schema the procedure reads the name with. */
const nameLimits = schemaLimits(passkeyNameForm);

export interface PasskeyItem {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/**
 * The passkeys of the account: the list, a remove button each, and adding one (the browser's
 * WebAuthn prompt, through the library loaded on click). Shown only after re-authentication.
 */
export function PasskeySettings({
  passkeys,
  removed,
  className,
}: {
  passkeys: PasskeyItem[];
  /** The remove action just succeeded. */
  removed: boolean;
  className: string;
}) {
  const { t } = useTranslation(["auth", "errors"]);
  const revalidator = useRevalidator();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);

  async function add() {
    setAdded(false);
    setErrorKey(null);
    if (!name.trim()) {
      setNameError(t("errors:field.required", { field: t("auth:fields.passkeyName") }));
      return;
    }
    setNameError(null);
    setBusy(true);
    const outcome = await runPasskey("register", { name: name.trim() });
    setBusy(false);
    if (!outcome.ok) {
      setErrorKey(outcome.key);
      return;
    }
    setName("");
    setAdded(true);
    revalidator.revalidate();
  }

  return (
    <section className={className} aria-labelledby="passkeys-title" data-testid="passkeys">
      <h2 id="passkeys-title" className="text-base font-semibold">
        {t("auth:notices.passkeysTitle")}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t("auth:notices.passkeysIntro")}
      </p>
      {added && <Alert tone="success">{t("auth:notices.passkeyAdded")}</Alert>}
      {removed && <Alert tone="success">{t("auth:notices.passkeyRemoved")}</Alert>}
      {passkeys.length === 0 ? (
        <p className="text-sm" data-testid="passkeys-none">
          {t("auth:notices.passkeyNone")}
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
          {passkeys.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center justify-between gap-3 px-3 py-2"
              data-testid="passkey-item"
            >
              <div className="min-w-0">
                <p className="break-all text-sm font-medium">{p.name}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {t("auth:notices.passkeyCreated", { date: formatDateTime(p.createdAt) })}
                  {" · "}
                  {p.lastUsedAt
                    ? t("auth:notices.passkeyLastUsed", { date: formatDateTime(p.lastUsedAt) })
                    : t("auth:notices.passkeyNeverUsed")}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="passkeyRemove" />
                <input type="hidden" name="id" value={p.id} />
                <button
                  type="submit"
                  aria-label={`${t("auth:actions.removePasskey")}: ${p.name}`}
                  className="min-h-11 rounded-md border border-red-300 px-4 text-sm font-semibold text-red-700 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-600 dark:border-red-700 dark:text-red-300 dark:hover:bg-red-950"
                >
                  {t("auth:actions.removePasskey")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <FormErrorAlert error={errorKey ? { key: errorKey, params: null, fieldErrors: {} } : null} />
      <form
        className="max-w-md space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <Field
          name="passkeyName"
          label={t("auth:fields.passkeyName")}
          hint={t("auth:hints.passkeyName")}
          value={name}
          onChange={(event) => setName(event.target.value)}
          {...nameLimits("passkeyName")}
          autoComplete="off"
          error={nameError}
        />
        <button
          type="submit"
          data-testid="passkey-add"
          disabled={busy}
          aria-busy={busy}
          className={buttonClass({ block: true })}
        >
          {busy ? t("auth:notices.passkeyWorking") : t("auth:actions.addPasskey")}
        </button>
      </form>
    </section>
  );
}
