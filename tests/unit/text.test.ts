import { describe, expect, it } from "vitest";
import { findUnsafeText, isSafeText } from "../../server/domain/text";

describe("text a person may type", () => {
  it.each([
    ["NUL", "a\u0000b"],
    ["bell", "a\u0007"],
    ["escape", "\u001b[31mred"],
    ["DEL", "a\u007f"],
    ["C1 control", "a\u0085b"],
    ["right-to-left override", "invoice\u202Egpj.exe"],
    ["left-to-right embedding", "\u202Aabc"],
    ["right-to-left isolate", "\u2067abc\u2069"],
    ["right-to-left mark", "abc\u200F"],
    ["Arabic letter mark", "\u061Cabc"],
    ["line separator", "a\u2028b"],
    ["zero-width space", "ad\u200Bmin"],
    ["byte order mark", "\uFEFFname"],
  ])("refuses %s", (_name, text) => {
    expect(isSafeText(text)).toBe(false);
  });

  it.each([
    ["Japanese", "山田 太郎"],
    ["katakana", "ヤマダ タロウ"],
    ["half-width katakana", "ﾔﾏﾀﾞ ﾀﾛｳ"],
    ["full-width space", "山田　太郎"],
    ["emoji with a joiner", "👨‍👩‍👧 family"],
    ["a message with line breaks and a tab", "一行目\n二行目\r\n\tインデント"],
    ["Arabic", "مرحبا"],
  ])("accepts %s", (_name, text) => {
    expect(isSafeText(text)).toBe(true);
  });

  it("finds the field of an unsafe string at any depth, passwords aside", () => {
    expect(findUnsafeText({ name: "ok", nested: { items: ["fine", "bad\u202E"] } })).toEqual([
      "nested",
      "items",
      1,
    ]);
    expect(findUnsafeText({ password: "p\u0000ss", nickname: "ok" })).toBeNull();
    expect(findUnsafeText("top\u0000")).toEqual([]);
    expect(findUnsafeText({ amount: 100, ok: true, none: null })).toBeNull();
  });
});
