// The AGI file (src/sweden/payroll/agi.ts): field codes per kind of employee, whole kronor, the HU
// totals, and the structure compared with Skatteverket's example file no. 01 (test/fixtures/agi).
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import {
  agiXml,
  employerIdentity,
  individualFields,
  type AgiEmployeeMonth,
  type AgiInput,
} from "../../src/sweden/payroll";
import { AGI_FIELDS } from "../../src/sweden/payroll";
import fieldList from "../fixtures/agi/field-list.json";
import example from "../fixtures/agi/skatteverket_Exempelfil_01_Vanliga_lontagare_v1.1.9.xml?raw";
import { validateAgi } from "../fixtures/agi/validate-agi";

const base: AgiEmployeeMonth = {
  payeeId: "198202252386",
  specificationNumber: 1,
  contributionLiable: true,
  sink: false,
  cashPayOre: 0,
  carBenefitOre: 0,
  mealBenefitOre: 0,
  otherBenefitsOre: 0,
  taxOre: 0,
  mileageAllowance: false,
  perDiem: false,
};

const contact = { name: "Ville Vessla", phone: "555-244454", email: "ville.vessla@foretaget.se" };

/** Skatteverket's example 01 rebuilt from its figures (no fuel fields: the service has no fuel benefit). */
const example01: AgiInput = {
  employerId: "165560269986",
  period: "202101",
  programName: "Programmakarna AB",
  createdAt: "2021-01-30T07:42:25",
  technicalContact: { name: "Valle Vadman", phone: "23-2-4-244454", email: "valle.vadman@programmakarna.se" },
  contact,
  totalContributionsKronor: 26094,
  employees: [
    {
      ...base,
      payeeId: "198202252386",
      specificationNumber: 1,
      cashPayOre: 2_850_000,
      carBenefitOre: 250_000,
      taxOre: 930_000,
    },
    {
      ...base,
      payeeId: "198301302397",
      specificationNumber: 2,
      cashPayOre: 2_535_000,
      taxOre: 759_000,
      mileageAllowance: true,
    },
    { ...base, payeeId: "198409102392", specificationNumber: 3, cashPayOre: 2_670_000, taxOre: 825_000, perDiem: true },
  ],
};

type Node = Record<string, unknown>;
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  commentPropName: "#comment",
});

/** The element tree without text and comments: [name, attribute names and namespace values, children]. */
function shape(nodes: Node[]): unknown[] {
  const out: unknown[] = [];
  for (const n of nodes) {
    const name = Object.keys(n).find((k) => k !== ":@" && k !== "#text" && k !== "#comment");
    if (!name || name === "?xml") continue;
    const attrs = (n[":@"] ?? {}) as Record<string, string>;
    const kept = Object.fromEntries(
      Object.entries(attrs).map(([k, v]) => [
        k,
        k.startsWith("@_xmlns") || k === "@_omrade" || k === "@_faltkod" || k === "@_xsi:schemaLocation" ? v : "*",
      ]),
    );
    out.push([name, kept, shape(n[name] as Node[])]);
  }
  return out;
}

const textOf = (xml: string) =>
  new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    parseTagValue: false,
    isArray: (name) => name === "agd:Blankett",
  }).parse(xml);

describe("employerIdentity (fältkod 201)", () => {
  it("prefixes a legal person's organisation number with 16 and gives a sole trader's personnummer its century", () => {
    expect(employerIdentity("556026-9986", false, 2026)).toBe("165560269986");
    expect(employerIdentity("820225-2386", true, 2026)).toBe("198202252386");
    expect(employerIdentity("050615-2347", true, 2026)).toBe("200506152347");
    expect(() => employerIdentity("55602", false, 2026)).toThrow(RangeError);
  });
});

describe("individualFields", () => {
  it("declares cash pay, benefits and tax in whole kronor with the öre dropped, only the fields that have a value", () => {
    const f = individualFields(
      {
        ...base,
        cashPayOre: 3_500_099,
        carBenefitOre: 400_050,
        mealBenefitOre: 100_000,
        otherBenefitsOre: 150_000,
        taxOre: 713_400,
        mileageAllowance: true,
        perDiem: true,
      },
      "202604",
    );
    expect(f.map((x) => [x.code, x.value])).toEqual([
      ["006", "202604"],
      ["570", "001"],
      ["011", 35000],
      // kostförmån 1 000 + other 1 500: one field, 012 (the schema has no meal field; issue #40)
      ["012", 2500],
      ["013", 4000],
      ["001", 7134],
      ["050", 1],
      ["051", 1],
    ]);
  });

  it("puts pay to someone born 1937 or earlier in the EjUlagSA fields and SINK tax in 274", () => {
    const old = individualFields(
      {
        ...base,
        contributionLiable: false,
        cashPayOre: 2_000_000,
        carBenefitOre: 300_000,
        mealBenefitOre: 50_000,
        otherBenefitsOre: 10_000,
        taxOre: 600_000,
      },
      "202603",
    );
    expect(old.map((x) => [x.code, x.element, x.value])).toEqual([
      ["006", "RedovisningsPeriod", "202603"],
      ["570", "Specifikationsnummer", "001"],
      ["131", "KontantErsattningEjUlagSA", 20000],
      ["132", "SkatteplOvrigaFormanerEjUlagSA", 600],
      ["133", "SkatteplBilformanEjUlagSA", 3000],
      ["001", "AvdrPrelSkatt", 6000],
    ]);
    const sink = individualFields(
      { ...base, sink: true, specificationNumber: 1234, cashPayOre: 3_000_000, taxOre: 675_000 },
      "202603",
    );
    expect(sink.map((x) => [x.code, x.value])).toEqual([
      ["006", "202603"],
      ["570", "1234"],
      ["011", 30000],
      ["274", 6750],
    ]);
    // nothing withheld: the tax field is still there, as 0
    expect(individualFields({ ...base, cashPayOre: 100 }, "202603").map((x) => x.code)).toEqual([
      "006",
      "570",
      "011",
      "001",
    ]);
  });
});

describe("agiXml", () => {
  it("rebuilds Skatteverket's example 01 with the same elements, namespaces, field codes and order", () => {
    const { xml, totals } = agiXml(example01);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8" standalone="no"?>')).toBe(true);
    expect(totals).toEqual({
      cashPayKronor: 28500 + 25350 + 26700,
      benefitsKronor: 2500,
      taxKronor: 9300 + 7590 + 8250,
      contributionsKronor: 26094,
      employeeCount: 3,
    });
    const ours = shape(parser.parse(xml));
    // the example without its fuel-benefit fields (018, 098) and the optional parts we do not write
    // (TekniskKontaktperson's postal address, a second Kontaktperson, Sakomrade)
    const stripped = example
      .replace(/^\uFEFF/, "")
      .replace(/\s*<agd:(DrivmVidBilformanUlagAG|BetForDrivmVidBilformanUlagAG)[^>]*>[^<]*<\/agd:\1>/g, "")
      .replace(/\s*<agd:(Utdelningsadress1|Utdelningsadress2|Postnummer|Postort|Sakomrade)>[^<]*<\/agd:\1>/g, "")
      .replace(/<agd:Kontaktperson>\s*<agd:Namn>Maria Olsson[\s\S]*?<\/agd:Kontaktperson>/, "");
    expect(ours).toEqual(shape(parser.parse(stripped)));
    expect(JSON.stringify(ours)).toContain('["agd:KontantErsattningUlagAG",{"@_faltkod":"011"},[]]');
    expect((ours[0] as unknown[])[0]).toBe("Skatteverket");
    // and the values too
    const t = textOf(xml).Skatteverket;
    const e = textOf(stripped).Skatteverket;
    expect(t["agd:Blankett"]).toEqual(e["agd:Blankett"]);
    expect(t["agd:Avsandare"]["agd:Skapad"]).toBe("2021-01-30T07:42:25");
  });

  it("sums 497 over both tax fields, escapes text, and refuses a malformed identity", () => {
    const { xml, totals } = agiXml({
      ...example01,
      programName: "Bokföring & Lön <API>",
      totalContributionsKronor: 9426,
      employees: [
        { ...base, cashPayOre: 3_000_000, taxOre: 675_000, sink: true },
        {
          ...base,
          payeeId: "193607019996",
          specificationNumber: 2,
          contributionLiable: false,
          cashPayOre: 2_000_000,
          taxOre: 600_000,
        },
      ],
    });
    expect(totals).toMatchObject({
      cashPayKronor: 50000,
      taxKronor: 12750,
      contributionsKronor: 9426,
      employeeCount: 2,
    });
    expect(xml).toContain("<agd:Programnamn>Bokföring &amp; Lön &lt;API&gt;</agd:Programnamn>");
    const hu = textOf(xml).Skatteverket["agd:Blankett"][0]["agd:Blankettinnehall"]["agd:HU"];
    expect(hu["agd:SummaSkatteavdr"]).toEqual({ "@_faltkod": "497", "#text": "12750" });
    expect(hu["agd:SummaArbAvgSlf"]).toEqual({ "@_faltkod": "487", "#text": "9426" });
    expect(() => agiXml({ ...example01, employerId: "5560269986" })).toThrow(RangeError);
    expect(() => agiXml({ ...example01, period: "2021-01" })).toThrow(RangeError);
  });
});

describe("the field list (test/fixtures/agi/field-list.json; the XSD could not be obtained)", () => {
  it("accepts Skatteverket's example file 01 and every element and code in it", () => {
    expect(validateAgi(example)).toEqual([]);
    for (const [, name, code] of example.matchAll(/<agd:(\w+) faltkod="(\d+)">/g))
      expect([name, (fieldList.fields as Record<string, { code: string }>)[name]?.code]).toEqual([name, code]);
  });

  it("refuses what the schema does not have: a meal benefit as KostformanUlagAG 015, a wrong code, a negative amount", () => {
    const meal = example.replace(
      '<agd:AvdrPrelSkatt faltkod="001">9300',
      '<agd:KostformanUlagAG faltkod="015">1000</agd:KostformanUlagAG><agd:AvdrPrelSkatt faltkod="001">9300',
    );
    expect(validateAgi(meal)).toEqual(["Blankett 1/IU: KostformanUlagAG is not in the field list"]);
    expect(
      validateAgi(example.replace('SkatteplBilformanUlagAG faltkod="013"', 'SkatteplBilformanUlagAG faltkod="015"')),
    ).toEqual(["Blankett 1/IU: SkatteplBilformanUlagAG has faltkod 015, the field list 013"]);
    expect(validateAgi(example.replace(">28500<", ">-28500<"))).toEqual([
      "Blankett 1/IU: KontantErsattningUlagAG not whole kronor 0-9 999 999",
    ]);
  });

  it("the writer's elements and codes are the list's, and every file it writes passes", () => {
    for (const [element, spec] of Object.entries(AGI_FIELDS))
      expect([element, spec.code]).toEqual([
        element,
        (fieldList.fields as Record<string, { code: string }>)[element]?.code,
      ]);
    const all: AgiEmployeeMonth[] = [
      {
        ...base,
        cashPayOre: 3_500_099,
        carBenefitOre: 400_050,
        mealBenefitOre: 100_000,
        otherBenefitsOre: 150_000,
        taxOre: 713_400,
        mileageAllowance: true,
        perDiem: true,
      },
      {
        ...base,
        specificationNumber: 2,
        contributionLiable: false,
        cashPayOre: 2_000_000,
        carBenefitOre: 300_000,
        mealBenefitOre: 50_000,
        taxOre: 600_000,
      },
      { ...base, specificationNumber: 3, sink: true, cashPayOre: 3_000_000, taxOre: 675_000 },
    ];
    expect(validateAgi(agiXml({ ...example01, employees: all }).xml)).toEqual([]);
    expect(validateAgi(agiXml(example01).xml)).toEqual([]);
  });
});
