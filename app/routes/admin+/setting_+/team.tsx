import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "#app/components/ui/ConfirmDialog";
import {
  Dialog,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
} from "#app/components/ui/headless/dialog";
import { card } from "#app/components/ui/card";
import type { Grants } from "#server/auth/permissions";
import { allows, permissions } from "#domain/admin-access";
import { SectionTabs } from "#app/components/admin/SectionTabs";
import { RowList } from "#app/components/RowList";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { Badge } from "#app/components/ui/Badge";
import { buttonClass } from "#app/components/ui/button";
import { Section } from "#app/components/ui/card";
import { Field, SelectField, SubmitButton, useFieldError } from "#app/components/ui/form";
import { PageTitle } from "#app/components/ui/PageTitle";
import { formatDateTime } from "#app/lib/format";
import { attempt } from "#app/lib/forms.server";
import { answerRefusals, readForm } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("admin:team.title"), i18n: ["admin", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const [team, access] = await Promise.all([
      context.trpc.team.overview(),
      context.trpc.admin.access(),
    ]);
    const done = new URL(request.url).searchParams.get("done");
    return json({ team, access, done });
  },
);

/**
 * One form per action on the page, told apart by `intent`; each runs its procedure, whose
 * refusal (the last owner, one's own role) comes back as the form's error.
 */
export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const form = await readForm(request);
    const values: Record<string, string> = {};
    for (const [name, value] of form) if (typeof value === "string") values[name] = value;
    const trpc = context.trpc.team;
    const intent = values.intent;
    const result = await attempt(values, async () => {
      switch (intent) {
        case "invite":
          return trpc.invite({ email: values.email!, name: values.name!, roleId: values.roleId! });
        case "changeRole":
          return trpc.changeRole({ userId: values.userId!, roleId: values.roleId! });
        case "suspend":
          return trpc.suspend({ userId: values.userId! });
        case "reinstate":
          return trpc.reinstate({ userId: values.userId! });
        case "remove":
          return trpc.remove({ userId: values.userId! });
        case "endSessions":
          return trpc.endSessions({ userId: values.userId! });
        case "revokeInvitation":
          return trpc.revokeInvitation({ id: values.invitationId! });
        case "createRole":
          return trpc.createRole({ name: values.name!, grants: grantsOf(values) });
        case "updateRole":
          return trpc.updateRole({
            roleId: values.roleId!,
            name: values.name!,
            grants: grantsOf(values),
          });
        case "deleteRole":
          return trpc.deleteRole({ roleId: values.roleId! });
        default:
          throw new Response(null, { status: 400 });
      }
    });
    if (!result.ok) return result.response;
    return json({ ok: true as const, intent, error: null, values: {} as Record<string, string> });
  },
);

/** A role form's grants: one `grant.<permission>` select per permission, empty for none. */
const grantsOf = (values: Record<string, string>) =>
  Object.fromEntries(
    permissions.filter((p) => values[`grant.${p}`]).map((p) => [p, values[`grant.${p}`]]),
  );

type RoleRef = { roleId: string | null; roleName: string | null; roleBuiltin: boolean };

/**
 * /admin/setting/team: the admins and their roles, invitations by mail, suspension, removal
 * and ending sessions; an owner also makes custom roles from the permissions.
 */
export default function Team() {
  const { t } = useTranslation(["admin", "common", "errors"]);
  const { team, access } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const error = answer && !answer.ok ? answer.error : null;
  const intent = answer?.values?.intent ?? (answer?.ok ? answer.intent : null);
  const canAct = allows(access.grants as Grants, "team", "act");
  const isOwner = access.roleId === "owner";
  const roleLabel = (r: RoleRef) =>
    r.roleBuiltin && r.roleId ? t(`common:adminRoles.${r.roleId}`) : (r.roleName ?? "—");
  const roleOptions = team.roles.map((r) => (
    <option key={r.id} value={r.id}>
      {r.builtin ? t(`common:adminRoles.${r.id}`) : r.name}
    </option>
  ));
  const inviteErrors = {
    email: useFieldError(intent === "invite" ? error : null, "email", "admin:team.invite.email"),
    name: useFieldError(intent === "invite" ? error : null, "name", "admin:team.invite.name"),
  };
  const roleNameError = useFieldError(
    intent === "createRole" ? error : null,
    "name",
    "admin:team.roles.name",
  );
  return (
    <div className="space-y-6">
      <PageTitle>{t("admin:team.title")}</PageTitle>
      <SectionTabs section="setting" />
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("admin:team.intro")}</p>
      {answer?.ok && (
        <Alert tone="success" testId="team-done">
          {t(`admin:team.done.${answer.intent}`)}
        </Alert>
      )}
      {error && intent !== "invite" && intent !== "createRole" && <FormErrorAlert error={error} />}

      <Section title={t("admin:team.members.title")} testId="team-members">
        <RowList
          rows={team.admins}
          rowKey={(a) => a.id}
          empty=""
          rowClassName="space-y-3 py-4"
          rowTestId="team-member"
        >
          {(a) => (
            <>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <p className="min-w-0 break-all font-medium">
                  {a.name}
                  {a.self && (
                    <span className="ml-2 text-sm font-normal text-slate-500 dark:text-slate-400">
                      {t("admin:team.members.you")}
                    </span>
                  )}
                </p>
                <Badge tone="info">{roleLabel(a)}</Badge>
                {a.state === "suspended" && (
                  <Badge tone="warning">{t("admin:team.members.suspended")}</Badge>
                )}
              </div>
              <p className="break-all text-sm text-slate-600 dark:text-slate-400">{a.email}</p>
              {canAct && !a.self && (
                <div className="flex flex-wrap items-end gap-3">
                  <Form method="post" className="flex flex-wrap items-end gap-3">
                    <input type="hidden" name="intent" value="changeRole" />
                    <input type="hidden" name="userId" value={a.id} />
                    <SelectField
                      name="roleId"
                      label={t("admin:team.members.role", { name: a.name })}
                      defaultValue={a.roleId ?? undefined}
                      className="min-w-48"
                    >
                      {roleOptions}
                    </SelectField>
                    <SubmitButton tone="secondary">
                      {t("admin:team.members.changeRole")}
                    </SubmitButton>
                  </Form>
                  {a.state === "suspended" ? (
                    <ActionButton
                      intent="reinstate"
                      userId={a.id}
                      label={t("admin:team.members.reinstate")}
                    />
                  ) : (
                    <ConfirmButton
                      intent="suspend"
                      fields={{ userId: a.id }}
                      name={a.name}
                      label={t("admin:team.members.suspend")}
                    />
                  )}
                  <ActionButton
                    intent="endSessions"
                    userId={a.id}
                    label={t("admin:team.members.endSessions")}
                  />
                  <ConfirmButton
                    intent="remove"
                    fields={{ userId: a.id }}
                    name={a.name}
                    label={t("admin:team.members.remove")}
                    danger
                  />
                </div>
              )}
            </>
          )}
        </RowList>
      </Section>

      {canAct && (
        <Section title={t("admin:team.invite.title")} testId="team-invite">
          <Form method="post" className="space-y-4" noValidate>
            <input type="hidden" name="intent" value="invite" />
            {intent === "invite" && <FormErrorAlert error={error} />}
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t("admin:team.invite.intro")}
            </p>
            <Field
              name="email"
              type="email"
              autoComplete="off"
              label={t("admin:team.invite.email")}
              error={inviteErrors.email}
              defaultValue={intent === "invite" ? answer?.values?.email : undefined}
            />
            <Field
              name="name"
              label={t("admin:team.invite.name")}
              error={inviteErrors.name}
              defaultValue={intent === "invite" ? answer?.values?.name : undefined}
            />
            <SelectField name="roleId" label={t("admin:team.invite.role")} defaultValue="support">
              {roleOptions}
            </SelectField>
            <SubmitButton>{t("admin:team.invite.submit")}</SubmitButton>
          </Form>
        </Section>
      )}

      <Section title={t("admin:team.invitations.title")} testId="team-invitations">
        <RowList
          rows={team.invitations}
          rowKey={(i) => i.id}
          empty={t("admin:team.invitations.none")}
          rowClassName="flex flex-wrap items-center justify-between gap-3 py-3"
          rowTestId="team-invitation"
        >
          {(i) => (
            <>
              <div className="min-w-0">
                <p className="break-all font-medium">
                  {i.name} · {i.email}
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {roleLabel(i)} ·{" "}
                  {i.expired
                    ? t("admin:team.invitations.expired")
                    : t("admin:team.invitations.expires", { at: formatDateTime(i.expiresAt) })}
                </p>
              </div>
              {canAct && (
                <Form method="post">
                  <input type="hidden" name="intent" value="revokeInvitation" />
                  <input type="hidden" name="invitationId" value={i.id} />
                  <button type="submit" className={buttonClass({ variant: "secondary" })}>
                    {t("admin:team.invitations.revoke")}
                  </button>
                </Form>
              )}
            </>
          )}
        </RowList>
      </Section>

      <Section title={t("admin:team.roles.title")} testId="team-roles">
        <RowList
          rows={team.roles}
          rowKey={(r) => r.id}
          empty=""
          rowClassName="py-3"
          rowTestId="team-role"
        >
          {(r) => (
            <>
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="font-medium">{r.builtin ? t(`common:adminRoles.${r.id}`) : r.name}</p>
                {/* Built-in roles keep their grants in the code: only custom ones change. */}
                {isOwner && !r.builtin && (
                  <div className="flex flex-wrap gap-2">
                    <RoleEditButton role={{ id: r.id, name: r.name, grants: r.grants as Grants }} />
                    <ConfirmButton
                      intent="deleteRole"
                      fields={{ roleId: r.id }}
                      name={r.name}
                      label={t("admin:team.roles.delete")}
                      danger
                    />
                  </div>
                )}
              </div>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {permissions
                  .filter((p) => (r.grants as Grants)[p])
                  .map(
                    (p) =>
                      `${t(`admin:team.permissions.${p.replace(".", "_")}`)}${
                        (r.grants as Grants)[p] === "view" ? ` (${t("admin:team.roles.view")})` : ""
                      }`,
                  )
                  .join(" · ")}
              </p>
            </>
          )}
        </RowList>
        {isOwner && (
          <Form
            method="post"
            className="mt-4 space-y-4 border-t border-slate-200 pt-4 dark:border-slate-700"
            noValidate
          >
            <input type="hidden" name="intent" value="createRole" />
            <h3 className="font-semibold">{t("admin:team.roles.create")}</h3>
            {intent === "createRole" && <FormErrorAlert error={error} />}
            <Field name="name" label={t("admin:team.roles.name")} error={roleNameError} />
            <GrantFields grants={{}} />
            <SubmitButton>{t("admin:team.roles.submit")}</SubmitButton>
          </Form>
        )}
      </Section>
    </div>
  );
}

function ActionButton({
  intent,
  userId,
  label,
  danger = false,
}: {
  intent: string;
  userId: string;
  label: string;
  danger?: boolean;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="userId" value={userId} />
      <button
        type="submit"
        disabled={busy}
        data-testid={`team-${intent}`}
        className={buttonClass({ variant: danger ? "danger" : "secondary" })}
      >
        {label}
      </button>
    </Form>
  );
}

/** One select per permission (none, view, act), as the role forms send them. */
function GrantFields({ grants }: { grants: Grants }) {
  const { t } = useTranslation("admin");
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {permissions.map((p) => (
        <SelectField
          key={p}
          name={`grant.${p}`}
          label={t(`team.permissions.${p.replace(".", "_")}`)}
          defaultValue={grants[p] ?? ""}
        >
          <option value="">{t("team.roles.none")}</option>
          <option value="view">{t("team.roles.view")}</option>
          <option value="act">{t("team.roles.act")}</option>
        </SelectField>
      ))}
    </div>
  );
}

/** Closes a dialog once the page's action answered (the answer shows above the lists). */
function useClosedOnAnswer(close: () => void) {
  const answer = useActionData();
  useEffect(() => close(), [answer]); // eslint-disable-line react-hooks/exhaustive-deps
}

/**
 * A change that is hard to take back (suspending, removing, deleting a role): the button asks
 * first in a dialog, titled and worded by admin:team.confirm.<intent>Title/Body about `name`.
 * Without JavaScript the button posts at once, as a plain form.
 */
function ConfirmButton({
  intent,
  fields: other,
  name: subject,
  label,
  danger = false,
}: {
  intent: "suspend" | "remove" | "deleteRole";
  /** The fields the intent's procedure reads. */
  fields: Record<string, string>;
  name: string;
  label: string;
  danger?: boolean;
}) {
  const { t } = useTranslation("admin");
  const [open, setOpen] = useState(false);
  useClosedOnAnswer(() => setOpen(false));
  const fields = { intent, ...other };
  const testId = `team-${intent}`;
  return (
    <>
      <Form method="post" onSubmit={(event) => (event.preventDefault(), setOpen(true))}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button
          type="submit"
          data-testid={testId}
          className={buttonClass({ variant: danger ? "danger" : "secondary" })}
        >
          {label}
        </button>
      </Form>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t(`team.confirm.${intent}Title`, { name: subject })}
        confirmLabel={label}
        tone={danger ? "danger" : "primary"}
        fields={fields}
        testId={`${testId}-dialog`}
      >
        <p>{t(`team.confirm.${intent}Body`, { name: subject })}</p>
      </ConfirmDialog>
    </>
  );
}

/** A custom role's name and grants, edited in a dialog labelled by its title. */
function RoleEditButton({ role }: { role: { id: string; name: string; grants: Grants } }) {
  const { t } = useTranslation(["admin", "common"]);
  const [open, setOpen] = useState(false);
  useClosedOnAnswer(() => setOpen(false));
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        data-testid="team-editRole"
        className={buttonClass({ variant: "secondary" })}
      >
        {t("admin:team.roles.edit")}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} className="relative z-50">
        <DialogBackdrop className="fixed inset-0 bg-slate-900/50 dark:bg-black/70" />
        <div className="fixed inset-0 flex w-screen items-end justify-center overflow-y-auto p-4 sm:items-center">
          <DialogPanel
            data-testid="team-editRole-dialog"
            className={`${card} max-h-full w-full max-w-2xl overflow-y-auto p-5 shadow-xl sm:p-6`}
          >
            <DialogTitle className="text-lg font-semibold text-slate-900 dark:text-white">
              {t("admin:team.roles.editTitle", { name: role.name })}
            </DialogTitle>
            <Form method="post" className="mt-4 space-y-4">
              <input type="hidden" name="intent" value="updateRole" />
              <input type="hidden" name="roleId" value={role.id} />
              <Field
                name="name"
                label={t("admin:team.roles.name")}
                defaultValue={role.name}
                data-autofocus
              />
              <GrantFields grants={role.grants} />
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <button
                  type="button"
                  onClick={() => setOpen(false)}
                  className={buttonClass({ variant: "secondary", block: true })}
                >
                  {t("common:dialog.cancel")}
                </button>
                <SubmitButton>{t("admin:team.roles.save")}</SubmitButton>
              </div>
            </Form>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
