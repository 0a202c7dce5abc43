import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type * as Kit from "../cluster/cluster";

/**
 * The cluster kit's waits (tests/cluster/cluster.ts) against work that never ends: a query on a
 * hung socket, a fetch nobody answers. At load 14 such an attempt held the kit for 13 minutes.
 */

let kit: typeof Kit;
let printed: string[] = [];

beforeAll(async () => {
  // The kit reads its progress interval once, when it is first imported.
  const previous = process.env.CLUSTER_PROGRESS_MS;
  process.env.CLUSTER_PROGRESS_MS = "200";
  kit = await import("../cluster/cluster");
  if (previous === undefined) delete process.env.CLUSTER_PROGRESS_MS;
  else process.env.CLUSTER_PROGRESS_MS = previous;
});
afterEach(() => {
  vi.restoreAllMocks();
  printed = [];
});

function capture() {
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    printed.push(String(chunk));
    return true;
  });
}

const never = () => new Promise<boolean>(() => undefined);

describe("the cluster kit's waits", () => {
  it("gives up on an attempt that never answers, naming what it waited for", async () => {
    capture();
    const started = Date.now();
    await expect(kit.waitUntil("node 9 Synced", never, 1_500)).rejects.toThrow(
      /^node 9 Synced: not within 1\.5 s/,
    );
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it("says every interval what it is still waiting for and what the last attempt said", async () => {
    capture();
    await expect(
      kit.waitUntil("the proxy", () => Promise.reject(new Error("ECONNREFUSED")), 1_200),
    ).rejects.toThrow(/the proxy: not within 1\.2 s \(ECONNREFUSED\)/);
    expect(printed.join("")).toMatch(
      /still waiting for the proxy \(\d+ s of 1\.2 s; last: ECONNREFUSED\)/,
    );
  });

  it("fails a step past its limit naming the step, and reports progress while it runs", async () => {
    capture();
    await expect(kit.step("failover", 700, never)).rejects.toThrow(
      /^step "failover": not within 0\.7 s/,
    );
    const out = printed.join("");
    expect(out).toContain("step: failover (limit 0.7 s)");
    expect(out).toMatch(/… failover: \d+ s/);
    expect(kit.currentStep).toBe("failover");
  });
});
