import type { Caller } from "./fixtures";

/**
 * A new broker whose first rates its maker saved: a rate change awaiting a second admin. Its
 * broker id and the change's id.
 */
export async function waitingRateChange(maker: Caller, name: string, code: string) {
  const fields = {
    name,
    code,
    accountKind: "mt_number",
    idCharset: "",
    idMinLength: "",
    idMaxLength: "",
    signupUrl: "https://broker.example/signup",
    displayOrder: "10",
    autoRebate: false,
    active: true,
  };
  const { id } = await maker.brokers.create(fields as never);
  const { rateChange } = await maker.brokers.update({
    ...fields,
    id,
    terms: {
      conditions: "",
      conditionsEn: "",
      creditCycle: "",
      creditDay: "",
      rates: [{ accountType: "Standard", kind: "jpy_per_lot", value: "800" }],
    },
  } as never);
  return { brokerId: id, rateChange: rateChange! };
}
