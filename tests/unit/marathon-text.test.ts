import { describe, expect, it } from "vitest";
import { modalTextLines } from "#app/lib/marathon-text";

describe("marathon modal text", () => {
  it("turns each line-break marker into a line and leaves markup as typed text", () => {
    expect(modalTextLines("a\\nb")).toEqual(["a", "b"]);
    expect(modalTextLines("a\nb\r\nc")).toEqual(["a", "b", "c"]);
    expect(modalTextLines("a<br>b<BR/>c<br />d")).toEqual(["a", "b", "c", "d"]);
    expect(modalTextLines("<script>alert(1)</script>")).toEqual(["<script>alert(1)</script>"]);
    expect(modalTextLines("plain")).toEqual(["plain"]);
  });
});
