import { describe, expect, it } from "vitest";
import { addressGroup, deviceKey, knownDevice, signDevice } from "#server/auth/device-cookie";

describe("device cookies", () => {
  const key = deviceKey("a-device-cookie-secret-for-the-unit-test");

  it("are valid for the account they were signed for only, whatever its email's case", () => {
    const cookie = signDevice(key, "Owner@Example.com");
    expect(knownDevice(key, cookie, " owner@example.com")).toBe(cookie.split(".")[0]);
    expect(knownDevice(key, cookie, "other@example.com")).toBeNull();
    expect(
      knownDevice(deviceKey("another-key-another-key-another-key"), cookie, "owner@example.com"),
    ).toBeNull();
  });

  it("refuse altered, truncated and malformed values", () => {
    const cookie = signDevice(key, "owner@example.com");
    const [nonce, mac] = cookie.split(".") as [string, string];
    const flipped = `${nonce}.${mac[0] === "A" ? "B" : "A"}${mac.slice(1)}`;
    for (const value of [
      flipped,
      `${nonce}.${mac.slice(0, 20)}`,
      `${nonce}.${mac}.x`,
      nonce,
      "",
      null,
    ]) {
      expect(knownDevice(key, value, "owner@example.com")).toBeNull();
    }
  });

  it("group IPv6 by /64 and leave IPv4 (mapped or not) as it is", () => {
    expect(addressGroup("2001:db8:1:2::a")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:0db8:0001:0002:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressGroup("2001:db8:1:3::a")).not.toBe(addressGroup("2001:db8:1:2::a"));
    expect(addressGroup("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(addressGroup("192.0.2.1")).toBe("192.0.2.1");
    expect(addressGroup(null)).toBeNull();
  });
});
