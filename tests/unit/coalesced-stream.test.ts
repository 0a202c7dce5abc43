import { describe, expect, it } from "vitest";
import { CoalescedStream } from "../../app/lib/coalesced-stream.server";

function collect(stream: CoalescedStream): Buffer[] {
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  return chunks;
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("CoalescedStream", () => {
  it("joins the chunks written in one turn into one, in order", async () => {
    const stream = new CoalescedStream();
    const chunks = collect(stream);
    for (const part of ["<html>", "<body>", "こんにちは", "</body>"])
      stream.write(Buffer.from(part));
    await turn();
    await turn();
    expect(chunks.map(String)).toEqual(["<html><body>こんにちは</body>"]);
  });

  it("sends what a later turn writes as soon as that turn ends (streamed parts are not held)", async () => {
    const stream = new CoalescedStream();
    const chunks = collect(stream);
    stream.write(Buffer.from("shell"));
    await turn();
    await turn();
    expect(chunks.map(String)).toEqual(["shell"]);
    stream.write(Buffer.from("late "));
    stream.write(Buffer.from("part"));
    await turn();
    await turn();
    expect(chunks.map(String)).toEqual(["shell", "late part"]);
  });

  it("sends what is left when the stream ends, before it finishes", async () => {
    const stream = new CoalescedStream();
    const chunks = collect(stream);
    const ended = new Promise((resolve) => stream.on("end", resolve));
    stream.write(Buffer.from("a"));
    stream.end(Buffer.from("b"));
    await ended;
    expect(Buffer.concat(chunks).toString()).toBe("ab");
  });
});
