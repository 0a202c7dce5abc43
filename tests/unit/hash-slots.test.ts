import { describe, expect, it } from "vitest";
import { HashSlots } from "#server/auth/password";

/** A job that runs until released, so the test decides when each slot frees up. */
function gate() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { release, job: () => done.then(() => "hashed" as const) };
}

describe("password hashing slots", () => {
  it("runs a bounded number at once, queues a few, refuses the rest at once", async () => {
    const slots = new HashSlots({ concurrent: 2, queue: 2, perAddress: 10 });
    let running = 0;
    let peak = 0;
    const gates = Array.from({ length: 6 }, gate);
    const results = gates.map((g, i) =>
      slots.run(`10.0.0.${i}`, async () => {
        running++;
        peak = Math.max(peak, running);
        await g.job();
        running--;
        return i;
      }),
    );
    // Two run, two wait, two are refused without waiting for anything.
    await expect(results[4]).resolves.toBe("busy");
    await expect(results[5]).resolves.toBe("busy");
    gates.forEach((g) => g.release());
    expect(await Promise.all(results.slice(0, 4))).toEqual([0, 1, 2, 3]);
    expect(peak).toBe(2);
  });

  it("one address cannot take every place: a burst from it leaves room for others", async () => {
    const slots = new HashSlots({ concurrent: 2, queue: 16, perAddress: 3 });
    const g = gate();
    const burst = Array.from({ length: 20 }, () => slots.run("10.0.0.66", g.job));
    const owner = slots.run("10.0.0.7", async () => "signed in");
    const settled = await Promise.race([
      Promise.all(burst.slice(3)),
      new Promise((r) => setTimeout(() => r("waited"), 200)),
    ]);
    expect(settled).toEqual(Array(17).fill("busy"));
    g.release();
    await expect(owner).resolves.toBe("signed in");
    expect(await Promise.all(burst.slice(0, 3))).toEqual(["hashed", "hashed", "hashed"]);
  });

  it("a failing hash frees its slot", async () => {
    const slots = new HashSlots({ concurrent: 1, queue: 0, perAddress: 1 });
    await expect(slots.run("a", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(slots.run("a", async () => 1)).resolves.toBe(1);
  });

  it("keeps queue places for addresses with no recent attempt, and serves them first", async () => {
    const slots = new HashSlots({ concurrent: 1, queue: 4, reserved: 2, perAddress: 10 });
    const g = gate();
    const order: string[] = [];
    const job = (name: string) => async () => {
      order.push(name);
      return name;
    };
    const running = slots.run({ address: "10.0.0.1" }, g.job);
    const suspects = ["s1", "s2", "s3"].map((n) => slots.run({ address: "10.0.0.66" }, job(n)));
    // Only the unreserved half of the queue takes addresses that are already trying.
    await expect(suspects[2]).resolves.toBe("busy");
    const owner = slots.run({ address: "10.0.0.7", clean: true }, job("owner"));
    g.release();
    await Promise.all([running, owner, ...suspects]);
    expect(order).toEqual(["owner", "s1", "s2"]);
  });

  it("bounds the places one account holds, from any address", async () => {
    const slots = new HashSlots({ concurrent: 1, queue: 16, perAddress: 10, perAccount: 2 });
    const g = gate();
    const tries = Array.from({ length: 4 }, (_, i) =>
      slots.run({ address: `10.0.1.${i}`, account: "victim@example.test" }, g.job),
    );
    await expect(tries[2]).resolves.toBe("busy");
    await expect(tries[3]).resolves.toBe("busy");
    g.release();
    expect(await Promise.all(tries.slice(0, 2))).toEqual(["hashed", "hashed"]);
  });

  it("keeps a running slot for a clean address: it does not wait for a burst's hashes", async () => {
    const slots = new HashSlots({ concurrent: 1, queue: 4, perAddress: 10, reservedRunning: 1 });
    const g = gate();
    const burst = [
      slots.run({ address: "10.0.0.66" }, g.job),
      slots.run({ address: "10.0.0.66" }, g.job),
    ];
    // The burst holds the general slot and waits in the queue; the clean one runs at once.
    await expect(
      slots.run({ address: "10.0.0.7", clean: true }, async () => "signed in"),
    ).resolves.toBe("signed in");
    g.release();
    expect(await Promise.all(burst)).toEqual(["hashed", "hashed"]);
  });

  it("gives way to the lane ahead: no new hash takes a core while it has an attempt in hand", async () => {
    const ahead = new HashSlots({ concurrent: 2, queue: 4, perAddress: 2 });
    const pool = new HashSlots({ concurrent: 2, queue: 8, perAddress: 10 }, ahead);
    const started: string[] = [];
    const gates = Array.from({ length: 3 }, gate);
    const member = ahead.admit({ address: "device", account: "owner@example.test" })!;
    const flood = gates.map((g, i) =>
      pool.run({ address: `10.0.0.${i}` }, () => {
        started.push(`flood${i}`);
        return g.job();
      }),
    );
    await new Promise((r) => setTimeout(r, 10));
    // Two cores, one attempt ahead: the pool runs one hash, the others wait.
    expect(started).toEqual(["flood0"]);
    await expect(ahead.hash({}, async () => "signed in")).resolves.toBe("signed in");
    member.release();
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual(["flood0", "flood1"]);
    gates.forEach((g) => g.release());
    expect(await Promise.all(flood)).toEqual(["hashed", "hashed", "hashed"]);
  });

  it("keeps one hash running in the pool however many attempts are ahead", async () => {
    const ahead = new HashSlots({ concurrent: 2, queue: 4, perAddress: 2 });
    const pool = new HashSlots({ concurrent: 2, queue: 8, perAddress: 10 }, ahead);
    const inHand = ["a", "b", "c"].map((d) => ahead.admit({ address: d })!);
    await expect(pool.run({ address: "10.0.0.1" }, async () => "hashed")).resolves.toBe("hashed");
    inHand.forEach((a) => a.release());
  });

  it("keeps the clean addresses' slot shut while the lane ahead has an attempt in hand", async () => {
    const ahead = new HashSlots({ concurrent: 2, queue: 4, perAddress: 2 });
    const pool = new HashSlots(
      { concurrent: 1, queue: 4, perAddress: 10, reservedRunning: 1 },
      ahead,
    );
    const g = gate();
    const busy = pool.run({ address: "10.0.0.66" }, g.job);
    const member = ahead.admit({ address: "device" })!;
    let cleanRan = false;
    const clean = pool.run({ address: "10.0.0.7", clean: true }, async () => {
      cleanRan = true;
      return "signed in";
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(cleanRan).toBe(false);
    // The attempt ahead ends: the kept slot opens and the clean address goes in at once.
    member.release();
    await expect(clean).resolves.toBe("signed in");
    g.release();
    await busy;
  });

  it("says when it has no room even for a clean address, so the door refuses for nothing", async () => {
    const pool = new HashSlots({ concurrent: 1, queue: 1, perAddress: 10 });
    const g = gate();
    expect(pool.hasRoom()).toBe(true);
    const running = pool.run({ address: "10.0.0.1" }, g.job);
    expect(pool.hasRoom()).toBe(true);
    const waiting = pool.run({ address: "10.0.0.2" }, g.job);
    expect(pool.hasRoom()).toBe(false);
    g.release();
    await Promise.all([running, waiting]);
    expect(pool.hasRoom()).toBe(true);
  });
});
