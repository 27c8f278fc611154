// ROT/RUT rates and caps by date, and Skatteverket's work-type codes.
// Sources: prop. 2024/25:156 (ROT 50 % for work paid 12 May-31 December 2025, then 30 %
// again); Skatteverket, Rot och rut (ROT at most 30 % and RUT at most 50 % of the labour
// cost including VAT; at most 75 000 kr a person and year together, of which at most
// 50 000 kr ROT); prop. 2023/24:86 (2024: 75 000 kr ROT and 75 000 kr RUT from 1 July);
// the work types: the element names of ArendeUtfortArbeteRotTYPE / ArendeUtfortArbeteRutTYPE
// in Skatteverket's BegaranCOMPONENT.xsd, schema V6 (test/fixtures/rotrut/komponent/V6).
import { describe, expect, it } from "vitest";
import componentXsd from "../fixtures/rotrut/komponent/V6/BegaranCOMPONENT.xsd?raw";
import {
  CAPS,
  RATES,
  ROT_WORK_TYPE_CODES,
  RUT_WORK_TYPE_CODES,
  WORK_TYPES,
  deductionCaps,
  deductionOf,
  deductionRateBp,
} from "../../src/sweden/rot-rut";

describe("rates: the payment date decides", () => {
  it.each([
    ["rot", "2015-12-31", 5000],
    ["rot", "2016-01-01", 3000],
    ["rot", "2025-05-11", 3000], // the day before the temporary rate
    ["rot", "2025-05-12", 5000], // prop. 2024/25:156: from 12 May 2025
    ["rot", "2025-12-31", 5000], // through 31 December 2025
    ["rot", "2026-01-01", 3000],
    ["rot", "2026-11-22", 3000],
    ["rut", "2007-07-01", 5000],
    ["rut", "2025-06-01", 5000],
    ["rut", "2026-03-10", 5000],
  ] as const)("%s on %s: %i bp", (type, date, bp) => expect(deductionRateBp(type, date)).toBe(bp));

  it("has no rate before the deductions existed", () => {
    expect(deductionRateBp("rut", "2007-06-30")).toBeNull();
    expect(deductionRateBp("rot", "2008-12-07")).toBeNull();
  });

  it("each table is contiguous: every row starts the day after the previous one ends, the last is open", () => {
    for (const rows of [RATES.rot, RATES.rut, CAPS]) {
      for (let i = 1; i < rows.length; i++) {
        const end = new Date(`${rows[i - 1].to}T00:00:00Z`);
        end.setUTCDate(end.getUTCDate() + 1);
        expect(rows[i].from).toBe(end.toISOString().slice(0, 10));
      }
      expect(rows[rows.length - 1].to).toBeNull();
      for (const r of rows) expect(r.source.length).toBeGreaterThan(10);
    }
  });

  it("rounds a deduction down to whole kronor (the claim file carries whole kronor)", () => {
    // Skatteverket's example: labour 50 000 kr including VAT, ROT 30 % = 15 000 kr.
    expect(deductionOf(5_000_000, 3000)).toBe(1_500_000);
    expect(deductionOf(100_099, 3000)).toBe(30_000); // 300.297 kr -> 300 kr
    expect(deductionOf(1_390_625, 3000)).toBe(417_100);
  });
});

describe("caps per buyer and year", () => {
  it("2026: ROT at most 50 000 kr, ROT and RUT together at most 75 000 kr", () => {
    expect(deductionCaps("2026-06-01")).toMatchObject({ rotOre: 5_000_000, rutOre: 7_500_000, totalOre: 7_500_000 });
    expect(deductionCaps("2025-05-12")).toMatchObject({ rotOre: 5_000_000, totalOre: 7_500_000 });
  });

  it("2024: the old caps until 30 June, then 75 000 kr each", () => {
    expect(deductionCaps("2024-06-30")).toMatchObject({ rotOre: 5_000_000, totalOre: 7_500_000 });
    expect(deductionCaps("2024-07-01")).toMatchObject({ rotOre: 7_500_000, rutOre: 7_500_000, totalOre: 15_000_000 });
  });

  it("has no caps before 2021 (not claimable any more; age-dependent caps are not modelled)", () => {
    expect(deductionCaps("2020-12-31")).toBeNull();
  });
});

describe("work types: Skatteverket's codes from BegaranCOMPONENT.xsd", () => {
  const elementsOf = (typeName: string) => {
    const body = componentXsd.split(`<xs:complexType name="${typeName}">`)[1].split("</xs:complexType>")[0];
    return [...body.matchAll(/<xs:element name="(\w+)"/g)].map((m) => m[1]);
  };

  it("ROT: the elements of ArendeUtfortArbeteRotTYPE, in the schema's order", () => {
    expect(ROT_WORK_TYPE_CODES).toEqual(elementsOf("ArendeUtfortArbeteRotTYPE"));
    expect(ROT_WORK_TYPE_CODES).toEqual([
      "Bygg",
      "El",
      "GlasPlatarbete",
      "MarkDraneringarbete",
      "Murning",
      "MalningTapetsering",
      "Vvs",
    ]);
  });

  it("RUT: the elements of ArendeUtfortArbeteRutTYPE, in the schema's order", () => {
    expect(RUT_WORK_TYPE_CODES).toEqual(elementsOf("ArendeUtfortArbeteRutTYPE"));
    expect(RUT_WORK_TYPE_CODES).toHaveLength(13);
  });

  it("the schablon services are the ones typed SchablonarbeteTYPE", () => {
    const schablon = [...componentXsd.matchAll(/<xs:element name="(\w+)"[^>]*type="SchablonarbeteTYPE"/g)].map(
      (m) => m[1],
    );
    expect(WORK_TYPES.filter((w) => w.schablon).map((w) => w.code)).toEqual(schablon);
    expect(schablon).toEqual(["TransportTillForsaljning", "TvattVidTvattinrattning"]);
  });
});
