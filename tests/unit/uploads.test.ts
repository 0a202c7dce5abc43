import { describe, expect, it } from "vitest";
import type { Storage } from "#server/storage";
import { saveWithImage } from "#server/storage/uploads";
import { fixture } from "../helpers/images";

/** A storage in memory that can be told to fail its removals. */
function memoryStorage(failRemovals = false) {
  const files = new Map<string, Uint8Array>();
  const storage: Storage = {
    put: async (key, bytes) => void files.set(key, bytes),
    get: async (key) => files.get(key) ?? null,
    stream: async function* (key) {
      const bytes = files.get(key);
      if (bytes) yield bytes;
    },
    remove: async (key) => {
      if (failRemovals) throw new Error("disk says no");
      files.delete(key);
    },
    incomingPath: () => {
      throw new Error("images are not received to disk");
    },
    putFile: () => Promise.reject(new Error("images are not received to disk")),
  };
  return { files, storage };
}

function recordingLog() {
  const warnings: string[] = [];
  const log = { warn: (_obj: unknown, msg: string) => void warnings.push(msg) };
  return { warnings, log: log as unknown as Parameters<typeof saveWithImage>[0]["log"] };
}

const png = fixture("avatar.png");

describe("saveWithImage", () => {
  it("keeps the new image and removes the one it replaced once the save succeeded", async () => {
    const { files, storage } = memoryStorage();
    await storage.put("popups/old.png", png);
    const { log } = recordingLog();
    let stored: string | null = null;
    const result = await saveWithImage({ storage, log }, "popups", png, "a popup image", (key) => {
      stored = key;
      return Promise.resolve({ result: "saved", replaced: "popups/old.png" });
    });
    expect(result).toBe("saved");
    expect(stored).toMatch(/^popups\//);
    expect([...files.keys()]).toEqual([stored]);
  });

  it("removes the new image when the save fails, and rethrows the failure", async () => {
    const { files, storage } = memoryStorage();
    await storage.put("popups/old.png", png);
    const { log } = recordingLog();
    const failure = new Error("transaction rolled back");
    await expect(
      saveWithImage({ storage, log }, "popups", png, "a popup image", () =>
        Promise.reject(failure),
      ),
    ).rejects.toBe(failure);
    // The row still points at the old image, which stays; the new one is gone.
    expect([...files.keys()]).toEqual(["popups/old.png"]);
  });

  it("saves with no key when nothing was uploaded, and rejects a file that is not an image before saving", async () => {
    const { files, storage } = memoryStorage();
    const { log } = recordingLog();
    let called = 0;
    const save = (key: string | null) => {
      called += 1;
      return Promise.resolve({ result: key });
    };
    expect(await saveWithImage({ storage, log }, "gachas", undefined, "a gacha image", save)).toBe(
      null,
    );
    const notAnImage = new TextEncoder().encode("<svg><script>alert(1)</script></svg>");
    const error = await saveWithImage({ storage, log }, "gachas", notAnImage, "x", save).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: "BAD_REQUEST" });
    expect(called).toBe(1);
    expect(files.size).toBe(0);
  });

  it("logs a removal that fails instead of failing a save that succeeded", async () => {
    const { storage } = memoryStorage(true);
    const { log, warnings } = recordingLog();
    const result = await saveWithImage({ storage, log }, "campaigns", png, "a campaign image", () =>
      Promise.resolve({ result: 1, replaced: "campaigns/old.png" }),
    );
    expect(result).toBe(1);
    expect(warnings).toEqual(["removing a campaign image failed"]);
  });
});
