// Test vectors shared by the personnummer and organisationsnummer projects
// (shared/data/ids, MIT), run against our own implementation.
import { describe, expect, it } from "vitest";
import orgList from "../fixtures/ids/organisationsnummer_list.json";
import pnrAsOrg from "../fixtures/ids/personnummer_orgnumber.json";
import pnrList from "../fixtures/ids/personnummer_list.json";
import { luhnValid, maskPersonnummer, parseOrgNumber, parsePersonnummer } from "../../src/sweden/identity";

// The vectors are fixed; "today" is pinned so century inference is repeatable.
const TODAY = "2026-11-22";

describe("Luhn (modulus 10)", () => {
  it.each([
    ["5560160680", true], // Skatteverket example AB, organisationsnummer_list.json
    ["5560160681", false],
    ["8112189876", true], // SKV 704 example personnummer 811218-9876
    ["8112189875", false],
    ["0", true],
  ])("%s -> %s", (digits, valid) => expect(luhnValid(digits)).toBe(valid));
});

describe("personnummer vectors", () => {
  for (const v of pnrList as any[]) {
    for (const form of ["long_format", "short_format", "separated_format", "separated_long"] as const) {
      it(`${v[form]} (${form}) is ${v.valid ? "valid" : "invalid"}`, () => {
        const parsed = parsePersonnummer(String(v[form]), TODAY);
        expect(parsed !== null).toBe(v.valid);
        if (v.valid && form !== "short_format") {
          // Without a separator a ten-digit number's century is inferred; the separated and long forms are exact.
          expect(parsed!.long).toBe(v.long_format);
          expect(parsed!.kind).toBe(v.type === "con" ? "samordningsnummer" : "personnummer");
        }
      });
    }
  }

  it.each((pnrAsOrg as any[]).map((v) => [v.separated_format]))(
    "%s is an organisation number, not a personnummer",
    (input) => {
      expect(parsePersonnummer(input, TODAY)).toBeNull();
    },
  );

  it("masks to ********-NNNN", () => expect(maskPersonnummer("198112189876")).toBe("********-9876"));
});

describe("organisationsnummer vectors", () => {
  for (const v of orgList as any[]) {
    it(`${v.input} is ${v.valid ? "valid" : "invalid"}`, () => {
      const parsed = parseOrgNumber(String(v.input), TODAY);
      expect(parsed !== null).toBe(v.valid);
      if (v.valid) {
        expect(parsed!.formatted).toBe(v.long_format);
        expect(parsed!.isPersonal).toBe(v.type === "Enskild firma");
      }
    });
  }
});
