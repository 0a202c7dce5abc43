import { describe, expect, it } from "vitest";
import { isGuessablePassword } from "#server/auth/password-strength";

describe("guessable passwords", () => {
  it.each(["Password1", "Passw0rd!", "Qwerty123", "Abcdefg1", "Iloveyou1", "Password123"])(
    "refuses %s, which meets the character rules",
    (password) => {
      expect(isGuessablePassword(password)).toBe(true);
    },
  );

  it.each(["E2e-passw0rd-2026", "Admin-demo-2026", "Member-demo-2026", "tR7#vkQ2-mpLw9"])(
    "accepts %s",
    (password) => {
      expect(isGuessablePassword(password)).toBe(false);
    },
  );

  it("counts the person's own name and address as guessable", () => {
    expect(isGuessablePassword("Hanako2026!", ["hanako@example.test", "Hanako Sato"])).toBe(true);
  });
});
