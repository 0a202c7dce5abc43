import { beforeEach, describe, expect, it } from "vitest";
import {
  forgetPublicData,
  PUBLIC_DATA_TTL_MS,
  publicData,
  publicDocuments,
} from "#server/lib/public-data";

/** The public pages' kept data: its lifetime, what it shares and what it does not keep. */

const db = {};
let reads = 0;
const read = (value: string) => async () => {
  reads += 1;
  return value;
};

beforeEach(() => {
  forgetPublicData();
  reads = 0;
});

describe("publicData", () => {
  it("answers from what it kept until its lifetime ends, then reads again", async () => {
    expect(await publicData(db, "home:ja", read("first"), 0)).toBe("first");
    expect(await publicData(db, "home:ja", read("second"), PUBLIC_DATA_TTL_MS - 1)).toBe("first");
    expect(await publicData(db, "home:ja", read("third"), PUBLIC_DATA_TTL_MS)).toBe("third");
    expect(reads).toBe(2);
  });

  it("keeps each key apart: a language's data is never another's", async () => {
    expect(await publicData(db, "home:ja", read("ja"), 0)).toBe("ja");
    expect(await publicData(db, "home:en", read("en"), 0)).toBe("en");
  });

  it("keeps each database apart", async () => {
    expect(await publicData(db, "home:ja", read("one"), 0)).toBe("one");
    expect(await publicData({}, "home:ja", read("other"), 0)).toBe("other");
  });

  it("shares a pending read between visitors who ask at once", async () => {
    const [a, b] = await Promise.all([
      publicData(db, "home:ja", read("once"), 0),
      publicData(db, "home:ja", read("twice"), 0),
    ]);
    expect([a, b, reads]).toEqual(["once", "once", 1]);
  });

  it("keeps no failure: the next visitor reads again", async () => {
    const failing = publicData(
      db,
      "broker:ja:gone",
      () => Promise.reject(new Error("not found")),
      0,
    );
    await expect(failing).rejects.toThrow("not found");
    expect(await publicData(db, "broker:ja:gone", read("found"), 1)).toBe("found");
  });

  it("reads again after everything kept is forgotten", async () => {
    await publicData(db, "home:ja", read("before"), 0);
    forgetPublicData();
    expect(await publicData(db, "home:ja", read("after"), 1)).toBe("after");
  });
});

describe("publicDocuments", () => {
  const first = "AAAAAAAAAAAAAAAAAAAAAA==";
  const next = "BBBBBBBBBBBBBBBBBBBBBB==";
  const html = `<script nonce="${first}">a</script><p>page</p><script nonce="${first}">b</script>`;

  it("gives a kept document back with the request's own nonce in every place of the first", () => {
    publicDocuments.set("key", html, first, 'W/"tag"', 0);
    expect(publicDocuments.get("key", next, 1)).toEqual({
      html: `<script nonce="${next}">a</script><p>page</p><script nonce="${next}">b</script>`,
      etag: 'W/"tag"',
    });
  });

  it("keeps a document for the data's lifetime, and not past an admin's change", () => {
    publicDocuments.set("key", html, first, 'W/"tag"', 0);
    expect(publicDocuments.get("key", next, PUBLIC_DATA_TTL_MS)).toBeUndefined();
    publicDocuments.set("key", html, first, 'W/"tag"', 0);
    forgetPublicData();
    expect(publicDocuments.get("key", next, 1)).toBeUndefined();
  });

  it("keeps no document rendered without a nonce: nothing would tell the page's own apart", () => {
    publicDocuments.set("key", "<p>page</p>", "", 'W/"tag"', 0);
    expect(publicDocuments.get("key", next, 1)).toBeUndefined();
  });
});
