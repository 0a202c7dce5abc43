import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as cashbackExport } from "#app/routes/users+/cashback+/export";
import { loader as annualExport } from "#app/routes/users+/statement_+/annual.export";
import { loader as statementExport } from "#app/routes/users+/statement+/export";
import { loader as withdrawalsExport } from "#app/routes/users+/withdraw+/export";
import { csvResponse } from "#server/lib/csv";
import { createCaller } from "#server/trpc/router";
import { createAccount, createBroker, creditReport } from "../helpers/cashback";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { adminWithCaller, createUser, makeContext, type Caller } from "../helpers/fixtures";
import { fund, givePaymentDetails, key } from "../helpers/money";

/**
 * The member's four downloads (cashback, withdrawals, statement, annual statement) are the
 * lists' CSV writer's files: a byte order mark, CRLF, quoted where a field must be, and text a
 * spreadsheet would run as a formula made plain text. Written against real rows, among them a
 * broker name, a refusal reason and a nickname that look like formulas. Times are the only
 * bytes replaced (`<time>`), as they are the time the test ran.
 */

const t = fileDatabase();
let admin: { id: string; caller: Caller };
let member: { id: string; context: AppLoadContext };
const FORMULA_BROKER = '=HYPERLINK("http://x")';
const FORMULA_REASON = "+SUM(1,2)";
const FORMULA_NICKNAME = "@cmd";

async function routeContext(userId: string): Promise<AppLoadContext> {
  const ctx = await makeContext(t.db, userId);
  return { ...ctx, trpc: createCaller(ctx), csv: csvResponse } as unknown as AppLoadContext;
}

/** The file's lines, each ended by CRLF, after the byte order mark. */
const csv = (...lines: string[]) => `\uFEFF${lines.map((line) => `${line}\r\n`).join("")}`;

/** The file a download route answers `url` with: its name and its bytes as text, BOM kept. */
async function download(loader: (args: LoaderFunctionArgs) => Promise<Response>, url: string) {
  const response = await loader({
    request: new Request(`http://portal.test${url}`),
    context: member.context,
    params: {},
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  const bytes = Buffer.from(await response.arrayBuffer());
  const name = /filename\*=UTF-8''(.+)$/.exec(response.headers.get("Content-Disposition") ?? "");
  return {
    name: decodeURIComponent(name?.[1] ?? "").replace(/-\d{8}\.csv$/, "-<date>.csv"),
    text: bytes
      .toString("utf8")
      .replace(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/g, "<time>")
      .replace(/\d{4}\/\d{2}\/\d{2}/g, "<date>"),
  };
}

beforeAll(async () => {
  admin = await adminWithCaller(t.db);
  const user = await createUser(t.db);
  const broker = await createBroker(t.db, "FORMULA", FORMULA_BROKER);
  await createAccount(t.db, user.id, broker, "700001");
  await creditReport(t.db, admin.id, {
    fileName: "member-exports.csv",
    lines: [
      "trade_date,broker,account,lots,amount,currency,row_key",
      "2026-11-02,FORMULA,700001,1.5,1200,JPY,m1",
      "2026-11-03,FORMULA,700001,0.25,300,JPY,m2",
    ],
  });
  await fund(t.db, user.id, 20_000);
  await givePaymentDetails(t.db, user.id);
  member = { id: user.id, context: await routeContext(user.id) };
  const memberCaller = member.context.trpc as unknown as Caller;
  // A withdrawal the admin refuses with a reason that looks like a formula.
  const { id } = await memberCaller.wallet.requestWithdrawal({
    method: "bank",
    amount: 5_000,
    requestKey: key(),
  });
  await admin.caller.wallet.rejectWithdrawal({ id, reason: FORMULA_REASON, reasonEn: "" });
  // A transfer to a member whose nickname looks like a formula.
  const receiver = await createUser(t.db, { nickname: FORMULA_NICKNAME });
  const transfer = await memberCaller.wallet.requestTransfer({
    email: receiver.email,
    amount: 3_000,
    requestKey: key(),
  });
  await admin.caller.wallet.approveTransfer({ id: transfer.id });
});

describe(`the member's CSV downloads on ${testEngine}`, () => {
  it("cashback history", async () => {
    expect(await download(cashbackExport, "/users/cashback/export?period=all")).toEqual({
      name: "cashback-<date>.csv",
      text: csv(
        "発生日,会社,口座番号,ロット,1ロットあたり（円）,金額（円）,口座タイプ",
        '2026-11-03,"\'=HYPERLINK(""http://x"")",700001,0.25,1200,300,',
        '2026-11-02,"\'=HYPERLINK(""http://x"")",700001,1.5,800,1200,',
      ),
    });
  });

  it("withdrawals", async () => {
    expect(await download(withdrawalsExport, "/users/withdraw/export")).toEqual({
      name: "withdrawals-<date>.csv",
      text: csv(
        "申請日時,完了日,出金方法,金額,手数料,状態,理由",
        "<time>,<time>,会員間送金,3000,0,完了,",
        '<time>,,銀行振込,5000,0,却下,"\'+SUM(1,2)"',
      ),
    });
  });

  it("statement", async () => {
    expect(await download(statementExport, "/users/statement/export")).toEqual({
      name: "statement-<date>.csv",
      text: csv(
        "日時,内容,出金可能額の増減,保留の増減,出金可能額（後）,保留中（後）,手数料,相手,出金方法",
        "<time>,送金完了,0,-3000,18500,0,0,'@cmd,",
        "<time>,送金申請（保留）,-3000,3000,18500,3000,0,'@cmd,",
        "<time>,出金の取消・却下（返金）,5000,-5000,21500,0,,,銀行振込",
        "<time>,出金申請（保留）,-5000,5000,16500,5000,,,銀行振込",
        "<time>,プレゼント,20000,0,21500,0,,,",
        "<time>,キャッシュバック,1500,0,1500,0,,,",
      ),
    });
  });

  it("annual statement", async () => {
    expect(await download(annualExport, "/users/statement/annual/export?year=2026")).toEqual({
      name: "年間取引報告書-2026-<date>.csv",
      text: csv(
        "区分,項目,件数,金額",
        ",期首残高（1月1日 0:00）,,0",
        '受取,"キャッシュバック（=HYPERLINK(""http://x"")）",1,1500',
        "受取,プレゼント,1,20000",
        "受取,受取合計,,21500",
        "出金・送金・利用,送金完了,1,3000",
        "出金・送金・利用,送金手数料,,0",
        "出金・送金・利用,出金・送金・利用合計,,3000",
        ",残高（<date> 現在）,,18500",
      ),
    });
  });
});
