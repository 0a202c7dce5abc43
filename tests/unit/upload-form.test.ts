import { describe, expect, it } from "vitest";
import { errorOf } from "../helpers/outcome";
import { readUploadForm } from "#app/lib/upload.server";

const BOUNDARY = "----portaltest";

function part(headers: string, body: string | Uint8Array): (string | Uint8Array)[] {
  return [`--${BOUNDARY}\r\n${headers}\r\n\r\n`, body, "\r\n"];
}

function request(pieces: (string | Uint8Array)[], contentType?: string): Request {
  const bytes = Buffer.concat(pieces.map((p) => (typeof p === "string" ? Buffer.from(p) : p)));
  return new Request("http://portal.test/upload", {
    method: "POST",
    body: bytes,
    headers: { "Content-Type": contentType ?? `multipart/form-data; boundary=${BOUNDARY}` },
  });
}

const end = `--${BOUNDARY}--\r\n`;

/** The status of the response the form was refused with. */
async function status(promise: Promise<unknown>): Promise<number> {
  const error = await errorOf(() => promise);
  if (error instanceof Response) return error.status;
  throw error;
}

describe("readUploadForm", () => {
  it("reads fields and a file whose quoted name holds = and ; (as a browser sends it)", async () => {
    const read = await readUploadForm(
      request([
        ...part('Content-Disposition: form-data; name="title"', "春のキャンペーン"),
        ...part(
          'Content-Disposition: form-data; name="image"; filename="a=b;c.png"\r\nContent-Type: image/png',
          "PNGDATA",
        ),
        end,
      ]),
    );
    expect(read.tooLarge).toBe(false);
    expect(read.form?.get("title")).toBe("春のキャンペーン");
    const file = read.form?.get("image") as File;
    expect(file.name).toBe("a=b;c.png");
    expect(file.type).toBe("image/png");
    expect(await file.text()).toBe("PNGDATA");
  });

  it("reads a Japanese file name as UTF-8", async () => {
    const read = await readUploadForm(
      request([
        ...part('Content-Disposition: form-data; name="file"; filename="自動売買.ex5"', "EA"),
        end,
      ]),
    );
    expect((read.form?.get("file") as File).name).toBe("自動売買.ex5");
  });

  it("leaves out an empty file input (no file chosen)", async () => {
    const read = await readUploadForm(
      request([
        ...part(
          'Content-Disposition: form-data; name="image"; filename=""\r\nContent-Type: application/octet-stream',
          "",
        ),
        end,
      ]),
    );
    expect(read.form?.get("image")).toBeNull();
  });

  it("stops at the size limit and says the file is too large", async () => {
    const read = await readUploadForm(
      request([
        ...part(
          'Content-Disposition: form-data; name="file"; filename="big.bin"',
          "x".repeat(5000),
        ),
        end,
      ]),
      1000,
    );
    expect(read).toEqual({ form: null, tooLarge: true });
  });

  it("answers 400 for a body that ends mid-part, has no boundary, or is not multipart", async () => {
    const cut = request([
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f"; filename="x"\r\n\r\nabc`,
    ]);
    expect(await status(readUploadForm(cut))).toBe(400);
    expect(await status(readUploadForm(request(["abc"], "multipart/form-data")))).toBe(400);
    expect(
      await status(readUploadForm(request(["a=1"], "application/x-www-form-urlencoded"))),
    ).toBe(400);
    const badHeader = request([
      ...part('Content-Disposition: form-data; name="f"; filename="unclosed', "abc"),
      end,
    ]);
    const read = await readUploadForm(badHeader).catch((e: unknown) => e);
    // Either read leniently or refused with 400: never an exception of its own.
    expect(read instanceof Response ? read.status : 200).not.toBe(500);
    expect(read instanceof Error).toBe(false);
  });
});
