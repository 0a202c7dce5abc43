import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll } from "vitest";
import { localStorage } from "#server/storage";
import { fileDatabase } from "./file-db";
import { callerFor, createUser } from "./fixtures";
import { refusal } from "./outcome";

/** TitanFX's broker form: accounts are customer ids of 6 to 8 digits. */
export const TITAN_FX = {
  name: "TitanFX",
  code: "titanfx",
  accountKind: "customer_id",
  idCharset: "digits",
  idMinLength: "6",
  idMaxLength: "8",
};

/**
 * The broker test files' common ground: their own database, an admin, five brokers with
 * different account-id rules (XM, TitanFX, Exness, Errante with automatic rebates, and an
 * inactive one) and the helpers to add more and to sign members in.
 */
/** A broker form's input: a plain MT-number broker, with `overrides`. */
export function brokerInput(overrides: Record<string, unknown> = {}) {
  return {
    name: "Broker",
    code: "broker",
    accountKind: "mt_number",
    idCharset: "",
    idMinLength: "",
    idMaxLength: "",
    signupUrl: "https://broker.example/signup",
    displayOrder: "10",
    autoRebate: false,
    active: true,
    ...overrides,
  };
}

/** A broker's terms that only set its rate card (and the day it is in force from). */
export const rateTerms = (
  rates: { accountType: string; kind: string; value: string }[],
  ratesFrom = "",
) => ({
  conditions: "",
  conditionsEn: "",
  creditCycle: "",
  creditDay: "",
  ratesFrom,
  rates,
});

/** A report in the present shape: no amounts (priced from the rates), with IB commissions. */
export function unpricedReport(lines: string[]) {
  return Buffer.from(
    ["trade_date,broker,account,lots,currency,ib_commission,row_key", ...lines].join("\n"),
  ).toString("base64");
}

export function brokersSuite() {
  const t = fileDatabase();
  const storage = localStorage(mkdtempSync(path.join(tmpdir(), "portal-brokers-")));
  const suite = {
    t,
    storage,
    /** Set before the tests run. */
    admin: null as unknown as Awaited<ReturnType<typeof callerFor>>,
    adminId: "",
    /** A second admin, who approves the first one's rate card changes. */
    checker: null as unknown as Awaited<ReturnType<typeof callerFor>>,
    update,
    xmUpdate,
    brokers: {} as Record<string, string>,
    brokerInput,
    createBroker,
    member,
    outcome: refusal,
  };

  async function createBroker(overrides: Record<string, unknown>, images = {}) {
    const { id } = await suite.admin.brokers.create({ ...brokerInput(overrides), ...images });
    return id;
  }

  /**
   * The first admin's save of a broker, and a second admin's approval of its rate change (if
   * any), so the rates are in force as the rate tests expect.
   */
  async function update(input: Parameters<typeof suite.admin.brokers.update>[0]) {
    const saved = await suite.admin.brokers.update(input);
    if (saved.rateChange) await suite.checker.brokers.rateChanges.approve({ id: saved.rateChange });
    return saved;
  }

  /** The form's input saving XM as it was made, with `extra` (its terms, say). */
  function xmUpdate(extra: Record<string, unknown>) {
    return { ...brokerInput({ name: "XM", code: "xm" }), id: suite.brokers.xm!, ...extra };
  }

  async function member() {
    const user = await createUser(t.db);
    return { ...user, caller: await callerFor(t.db, user.id, { storage }) };
  }

  beforeAll(async () => {
    const a = await createUser(t.db, { permission: "admin", nickname: "admin1" });
    suite.adminId = a.id;
    suite.admin = await callerFor(t.db, a.id, { storage });
    const checker = await createUser(t.db, { permission: "admin", nickname: "admin2" });
    suite.checker = await callerFor(t.db, checker.id, { storage });
    suite.brokers.xm = await suite.createBroker({ name: "XM", code: "xm", displayOrder: "10" });
    suite.brokers.titan = await suite.createBroker({ ...TITAN_FX, displayOrder: "20" });
    suite.brokers.exness = await suite.createBroker({
      name: "Exness",
      code: "exness",
      accountKind: "uid",
      idCharset: "alnum",
      idMinLength: "8",
      idMaxLength: "8",
      displayOrder: "30",
    });
    suite.brokers.errante = await suite.createBroker({
      name: "Errante",
      code: "errante",
      autoRebate: true,
      displayOrder: "40",
    });
    suite.brokers.gone = await suite.createBroker({ name: "Gone", code: "gone", active: false });
  });
  return suite;
}
