import EyeIcon from "@heroicons/react/24/solid/EyeIcon";
import UserCircleIcon from "@heroicons/react/24/solid/UserCircleIcon";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RowList } from "#app/components/RowList";
import { AuditList } from "#app/components/admin/AuditList";
import { buttonClass } from "#app/components/ui/button";
import { AccountStatusBadge } from "#app/components/AccountStatus";
import { SubmitButton } from "#app/components/ui/form";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { Facts, Section } from "#app/components/ui/card";
import { focusRing } from "#app/components/shell/styles";
import { timeColumn } from "#app/components/table/columns";
import { DataTable } from "#app/components/table/DataTable";
import { attempt } from "#app/lib/forms.server";
import { formatDate, formatDateTime } from "#app/lib/format";
import { formatYen } from "#app/lib/money";
import { PAYMENT_FIELDS } from "#domain/withdrawal";
import { answerRefusals, readForm } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = {
  title: title.named("customer.profile.nickname"),
  i18n: ["admin", "accounts", "profile", "errors", "legal"],
};

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ context, params, request }: LoaderFunctionArgs) => {
    try {
      const id = params.id ?? "";
      // The member's audit entries page by the last row shown (`events`), newest first.
      const after = new URL(request.url).searchParams.get("events") ?? undefined;
      const [customer, consents, dataExports, events] = await Promise.all([
        context.trpc.admin.customers.get({ id }),
        context.trpc.legal.memberConsents({ userId: id }),
        context.trpc.profile.adminDataExports({ id }),
        context.trpc.admin.customers.events({ id, after }),
      ]);
      return json({ customer, consents, dataExports, events, paged: after !== undefined });
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "NOT_FOUND" || code === "BAD_REQUEST") {
        throw new Response("Not found", { status: 404 });
      }
      throw error;
    }
  },
);

/**
 * Reopen an account its member closed (within the window), or reveal the payment details; the
 * server records either in the audit log.
 */
export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context, params }: ActionFunctionArgs) => {
    const form = await readForm(request);
    if (form.get("intent") === "reopen") {
      const reopened = await attempt({}, () =>
        context.trpc.admin.customers.reopen({ id: params.id ?? "" }),
      );
      return reopened.ok ? json({ ok: true as const, reopened: true as const }) : reopened.response;
    }
    const result = await attempt({}, () =>
      context.trpc.admin.customers.revealPayment({ id: params.id ?? "" }),
    );
    if (!result.ok) return result.response;
    return json({ ok: true as const, details: result.data });
  },
);

const link = `rounded-sm text-emerald-700 underline dark:text-emerald-400 ${focusRing}`;

/** /admin/customer/:id: one member's profile, payment details, accounts and balance. */
export default function AdminCustomer() {
  const { t } = useTranslation(["admin", "profile", "accounts", "common", "legal"]);
  const { customer, consents, dataExports, events, paged } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { profile, payment, accounts, balance } = customer;
  const revealed = result?.ok && "details" in result ? result.details : null;
  const closing = customer.closing;
  const shown = payment.masked;
  const value = (field: (typeof PAYMENT_FIELDS)[number]) => {
    const v = revealed ? revealed[field] : shown[field];
    if (v === null)
      return (
        <span className="text-slate-500 dark:text-slate-400">{t("profile:notices.notSet")}</span>
      );
    return field === "accountType" ? t(`profile:accountTypes.${v}`) : v;
  };
  const memberQuery = new URLSearchParams({ member: profile.email }).toString();

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        <Link to="/admin/customer" className={`text-sm ${link}`}>
          {t("admin:customers.back")}
        </Link>
        {/* Support's side of this member's chat. */}
        <Link
          to={`/admin/customer/${profile.uid}/chat`}
          className={`text-sm ${link}`}
          data-testid="customer-chat-link"
        >
          {t("common:admin.customerMessages")}
        </Link>
      </div>
      <div className="flex items-center gap-4">
        {profile.hasImage ? (
          <img
            src={`/admin/customer/${profile.uid}/image?v=${profile.imageVersion}`}
            alt={t("profile:imageAlt", { nickname: profile.nickname })}
            width={64}
            height={64}
            className="h-16 w-16 rounded-full border border-slate-200 object-cover dark:border-slate-700"
          />
        ) : (
          <UserCircleIcon className="h-16 w-16 text-slate-300" aria-hidden="true" />
        )}
        <div className="min-w-0">
          <h1 className="break-all text-2xl font-bold" data-testid="customer-nickname">
            {profile.nickname}
          </h1>
          <p className="break-all text-sm text-slate-600 dark:text-slate-300">{profile.email}</p>
        </div>
      </div>

      {closing && (
        <Alert tone="warning" testId="customer-closed">
          <span className="block">
            {t("admin:customers.closed.state", { at: formatDateTime(closing.closedAt) })}
            {closing.reason &&
              ` ${t("admin:customers.closed.reason", { reason: t(`profile:closing.reasons.${closing.reason}`) })}`}
          </span>
          <span className="block">
            {closing.erased
              ? t("admin:customers.closed.erased")
              : closing.reopenable
                ? t("admin:customers.closed.reopenable")
                : t("admin:customers.closed.windowOver")}
          </span>
          {closing.reopenable && (
            <Form method="post" className="mt-2">
              <input type="hidden" name="intent" value="reopen" />
              <SubmitButton tone="secondary">{t("admin:customers.closed.reopen")}</SubmitButton>
            </Form>
          )}
        </Alert>
      )}
      {result?.ok && "reopened" in result && (
        <Alert tone="success" testId="customer-reopened">
          {t("admin:customers.closed.reopened")}
        </Alert>
      )}
      <Section title={t("admin:customers.detail.profile")} testId="customer-profile">
        <Facts
          items={[
            { label: t("profile:fields.uid"), value: profile.uid },
            { label: t("admin:customers.columns.name"), value: profile.name },
            { label: t("profile:fields.nickname"), value: profile.nickname },
            {
              label: t("profile:fields.email"),
              value: `${profile.email} · ${profile.emailVerified ? t("profile:notices.verified") : t("profile:notices.unverified")}`,
            },
            {
              label: t("profile:fields.twitterUrl"),
              value: profile.twitterUrl ? (
                <a
                  href={profile.twitterUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={link}
                >
                  {profile.twitterUrl}
                </a>
              ) : (
                "—"
              ),
            },
            {
              label: t("profile:fields.rankingOptOut"),
              value: profile.rankingOptOut ? t("admin:customers.yes") : t("admin:customers.no"),
            },
            {
              label: t("admin:customers.detail.language"),
              value: t(`common:language.${profile.language}`),
            },
            {
              label: t("admin:customers.detail.mfa"),
              value: profile.mfaEnabled ? t("admin:customers.yes") : t("admin:customers.no"),
            },
            { label: t("admin:customers.detail.referralCode"), value: profile.referralCode ?? "—" },
            { label: t("profile:fields.createdAt"), value: formatDateTime(profile.createdAt) },
          ]}
        />
      </Section>

      <Section title={t("admin:customers.detail.balance")} testId="customer-balance">
        <Facts
          items={[
            {
              label: t("admin:customers.detail.available"),
              value: formatYen(balance.available),
              testId: "balance-available",
            },
            { label: t("admin:customers.detail.held"), value: formatYen(balance.held) },
          ]}
        />
        <nav aria-label={t("admin:customers.detail.history")}>
          <h3 className="text-sm font-semibold">{t("admin:customers.detail.history")}</h3>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-2 text-sm">
            <li>
              <Link to={`/admin/account?${memberQuery}`} className={link}>
                {t("admin:customers.detail.links.accounts")}
              </Link>
            </li>
            <li>
              <Link to={`/admin/cashback?${memberQuery}`} className={link}>
                {t("admin:customers.detail.links.cashback")}
              </Link>
            </li>
            <li>
              <Link to={`/admin/withdraw?${memberQuery}&status=all`} className={link}>
                {t("admin:customers.detail.links.withdrawals")}
              </Link>
            </li>
            <li>
              <Link to={`/admin/present?${memberQuery}`} className={link}>
                {t("admin:customers.detail.links.presents")}
              </Link>
            </li>
          </ul>
        </nav>
      </Section>

      <Section
        title={t("admin:customers.detail.payment")}
        testId="customer-payment"
        actions={
          payment.hasAny && !revealed ? (
            <Form method="post">
              <SubmitButton tone="secondary">
                <EyeIcon className="mr-1.5 h-4 w-4" aria-hidden="true" />
                {t("admin:customers.detail.reveal")}
              </SubmitButton>
            </Form>
          ) : null
        }
      >
        <FormErrorAlert error={result && !result.ok ? result.error : null} />
        {revealed ? (
          <Alert tone="info" testId="payment-revealed">
            {t("admin:customers.detail.revealed")}
          </Alert>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {payment.hasAny
              ? t("admin:customers.detail.masked")
              : t("admin:customers.detail.noPayment")}
          </p>
        )}
        <div data-testid={revealed ? "payment-full" : "payment-masked"} hidden={!payment.hasAny}>
          <Facts
            items={PAYMENT_FIELDS.map((f) => ({
              label: t(`profile:fields.${f}`),
              value: value(f),
              testId: `payment-${f}`,
            }))}
          />
        </div>
        {payment.updatedAt && (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t("admin:customers.detail.paymentUpdated", {
              date: formatDateTime(payment.updatedAt),
            })}
          </p>
        )}
      </Section>

      <Section title={t("admin:customers.detail.accounts")} testId="customer-accounts">
        <DataTable
          label={t("admin:customers.detail.accounts")}
          hidePaging
          page={{
            rows: accounts,
            total: accounts.length,
            page: 1,
            size: 100,
            sort: "",
            dir: "desc",
          }}
          empty={t("accounts:list.empty")}
          columns={[
            {
              key: "broker",
              header: t("accounts:list.company"),
              cell: (a) => a.brokerName,
              nowrap: true,
            },
            {
              key: "number",
              header: t("accounts:list.accountNumber"),
              cell: (a) => <span className="font-mono">{a.accountNumber}</span>,
            },
            {
              key: "status",
              header: t("accounts:list.status"),
              cell: (a) => <AccountStatusBadge status={a.status} reason={a.denyReason} />,
            },
            {
              key: "approvedAt",
              header: t("accounts:list.approvedAt"),
              cell: (a) => (a.approvedAt ? formatDate(a.approvedAt) : "—"),
              nowrap: true,
            },
            timeColumn("createdAt", t("accounts:list.createdAt"), { format: formatDate }),
          ]}
        />
      </Section>

      <Section title={t("legal:consents.title")} testId="customer-consents">
        <RowList
          rows={consents}
          rowKey={(c) => `${c.kind}-${c.version}`}
          empty={t("legal:consents.none")}
          rowClassName="flex flex-wrap justify-between gap-2 py-2 text-sm"
          rowTestId="consent-entry"
        >
          {(c) => (
            <>
              <span>
                {t(`legal:kinds.${c.kind}`)} {t("legal:page.version", { version: c.version })}
              </span>
              <span className="whitespace-nowrap text-slate-500 dark:text-slate-400">
                {formatDateTime(c.acceptedAt)}
              </span>
            </>
          )}
        </RowList>
      </Section>

      <Section title={t("admin:customers.dataExports.title")} testId="customer-data-exports">
        <RowList
          rows={dataExports}
          rowKey={(e) => e.id}
          empty={t("admin:customers.dataExports.none")}
          rowClassName="space-y-1 py-2 text-sm"
          rowTestId="data-export-entry"
        >
          {(e) => (
            <>
              <span className="block">
                {t("admin:customers.dataExports.requested", {
                  at: formatDateTime(e.requestedAt),
                })}{" "}
                {t(`admin:customers.dataExports.status.${e.status}`)}
              </span>
              <span className="block text-slate-600 dark:text-slate-300">
                {e.lastDownloadedAt
                  ? t("admin:customers.dataExports.downloaded", {
                      first: formatDateTime(e.firstDownloadedAt),
                      last: formatDateTime(e.lastDownloadedAt),
                      count: e.downloadCount,
                    })
                  : t("admin:customers.dataExports.notDownloaded")}
              </span>
            </>
          )}
        </RowList>
      </Section>

      <Section title={t("admin:customers.detail.trail")} testId="customer-trail">
        <AuditList
          rows={events.rows}
          testId="customer-events"
          empty={t("admin:customers.detail.noTrail")}
        />
        {(paged || events.next) && (
          <nav className="flex flex-wrap gap-2" aria-label={t("admin:audit.paging")}>
            {paged && (
              <Link
                to="."
                preventScrollReset
                className={buttonClass({ variant: "secondary" })}
                data-testid="events-newest"
              >
                {t("admin:audit.newest")}
              </Link>
            )}
            {events.next && (
              <Link
                to={`?events=${encodeURIComponent(events.next)}`}
                preventScrollReset
                className={buttonClass({ variant: "secondary" })}
                data-testid="events-older"
              >
                {t("admin:audit.older")}
              </Link>
            )}
          </nav>
        )}
      </Section>
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
