// Test vectors shared by the personnummer and organisationsnummer projects
// (shared/data/ids, MIT), run against our own implementation.
import { describe, expect, it } from "vitest";
import orgList from "../fixtures/ids/organisationsnummer_list.json";
import pnrAsOrg from "../fixtures/ids/personnummer_orgnumber.json";
import pnrList from "../fixtures/ids/personnummer_list.json";
import {
  luhnValid,
  maskPersonnummer,
  parseForeignRegistrationNumber,
  parseNorwegianOrgNumber,
  parseOrgNumber,
  parsePersonnummer,
} from "../../src/sweden/identity";

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

// Published numbers from Brønnøysundregistrene (Enhetsregisteret): Equinor ASA 923 609 016,
// DNB Bank ASA 984 851 006, Norsk Hydro ASA 914 778 271. Equinor by hand: weights
// 3 2 7 6 5 4 3 2 over 9 2 3 6 0 9 0 1 give 27+4+21+36+0+36+0+2 = 126; 126 mod 11 = 5;
// 11 - 5 = 6, the ninth digit.
describe("Norwegian organisasjonsnummer (mod 11)", () => {
  it("accepts published numbers in their usual spellings", () => {
    expect(parseNorwegianOrgNumber("923609016")).toBe("923609016");
    expect(parseNorwegianOrgNumber("923 609 016")).toBe("923609016");
    expect(parseNorwegianOrgNumber("NO 923 609 016 MVA")).toBe("923609016");
    expect(parseNorwegianOrgNumber("984851006")).toBe("984851006");
    expect(parseNorwegianOrgNumber("914778271")).toBe("914778271");
  });

  it("refuses a wrong check digit, a wrong length and a remainder that would need check digit 10", () => {
    expect(parseNorwegianOrgNumber("923609017")).toBeNull();
    expect(parseNorwegianOrgNumber("92360901")).toBeNull();
    expect(parseNorwegianOrgNumber("5561034249")).toBeNull();
    // 4 x 3 = 12, remainder 1: the check digit would be 10, which is never issued.
    for (let d = 0; d <= 9; d++) expect(parseNorwegianOrgNumber(`40000000${d}`)).toBeNull();
  });

  it("checks a Norwegian number by Norway's rule and keeps another country's as supplied", () => {
    expect(parseForeignRegistrationNumber("NO", "923 609 016")).toEqual({ ok: true, value: "923609016" });
    expect(parseForeignRegistrationNumber("NO", "5561034249").ok).toBe(false);
    expect(parseForeignRegistrationNumber("US", " 12-3456789 ")).toEqual({ ok: true, value: "12-3456789" });
  });
});
