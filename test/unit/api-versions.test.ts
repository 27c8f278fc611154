// The version table's date rules (src/http/versions.ts): the deprecation notice starts three
// calendar months before the retirement date (spec: Versioning 5), the day clamped to the month.
import { describe, expect, it } from "vitest";
import { deprecationNotice, isRetired, monthsBefore } from "../../src/http/versions";

describe("version dates", () => {
  it("counts calendar months back, clamping to the month's last day", () => {
    expect(monthsBefore("2027-05-12", 3)).toBe("2027-02-12");
    expect(monthsBefore("2027-05-31", 3)).toBe("2027-02-28");
    expect(monthsBefore("2028-05-31", 3)).toBe("2028-02-29");
    expect(monthsBefore("2027-02-15", 3)).toBe("2026-11-15");
  });

  it("gives the retirement date as the notice from three months before it, and retires on the date", () => {
    const v = { version: "2026-05-12", retiresOn: "2027-05-12" };
    expect(deprecationNotice(v, "2027-02-11")).toBeNull();
    expect(deprecationNotice(v, "2027-02-12")).toBe("2027-05-12");
    expect(isRetired(v, "2027-05-11")).toBe(false);
    expect(isRetired(v, "2027-05-12")).toBe(true);
    expect(deprecationNotice({ version: "2026-05-12", retiresOn: null }, "2099-01-01")).toBeNull();
  });
});
