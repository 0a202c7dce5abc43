import { brokerInput } from "./brokers-suite";
import type { Caller } from "./fixtures";

/** A broker's terms of one rate, Standard at ¥800 a lot, and nothing else. */
export const STANDARD_800 = {
  conditions: "",
  conditionsEn: "",
  creditCycle: "",
  creditDay: "",
  rates: [{ accountType: "Standard", kind: "jpy_per_lot" as const, value: "800" }],
};

/**
 * A new broker created with its first rates by `maker`: they are a rate change awaiting a
 * second admin. Its broker id and the change's id.
 */
export async function waitingRateChange(maker: Caller, name: string, code: string) {
  const { id, rateChange } = await maker.brokers.create({
    ...brokerInput({ name, code }),
    terms: STANDARD_800,
  } as never);
  return { brokerId: id, rateChange: rateChange! };
}
