// The ROT/RUT claim file (Begäran om utbetalning, Skatteverket schema V6): the files the
// pipeline builds are valid against the XSD (checked in Node by
// test/rotrut-xsd.global-setup.ts, since xmllint-wasm cannot run in workerd), Skatteverket's
// own example files are rebuilt element for element, and the file rules (100 buyers, one
// payment year, ROT and RUT apart, claimed never above paid or the rate) refuse bad input.
import { XMLParser } from "fast-xml-parser";
import { describe, expect, inject, it } from "vitest";
import rotExample from "../fixtures/rotrut/exempel_rot_3st.xml?raw";
import rutExample from "../fixtures/rotrut/exempel_rut_3st.xml?raw";
import {
  OFFICIAL_ROT,
  OFFICIAL_RUT,
  fixtureCases,
  fixtureFiles,
  filesToValidate,
} from "../fixtures/rotrut/claim-files";
import {
  buildClaimXml,
  claimCasesForPaidInvoice,
  computeDeduction,
  planClaimFiles,
  validateClaimFile,
  type ClaimCase,
  type ClaimFile,
} from "../../src/sweden/rot-rut";

const verdicts = inject("rotRutXsd");

/** The element tree as [name, text | children] in document order, whitespace-only text left out. */
function tree(xml: string): unknown {
  const parsed = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    parseTagValue: false,
    trimValues: true,
  }).parse(xml.replace(/^\uFEFF/, ""));
  const walk = (nodes: any[]): unknown[] =>
    nodes
      .filter((n) => !("?xml" in n))
      .map((n) => {
        const name = Object.keys(n).find((k) => k !== ":@")!;
        if (name === "#text") return String(n[name]);
        return [name, walk(n[name])];
      });
  return walk(parsed);
}

function names(xml: string, parent: string): string[][] {
  // the child element names of every <parent> element, in order
  const out: string[][] = [];
  const visit = (nodes: any[]) => {
    for (const n of nodes) {
      if (!Array.isArray(n) || typeof n[0] !== "string") continue;
      const [name, children] = n as [string, any[]];
      if (name === parent) out.push(children.filter((c) => Array.isArray(c)).map((c) => c[0]));
      visit(children);
    }
  };
  visit(tree(xml) as any[]);
  return out;
}

describe("the XSD check (Node, xmllint-wasm)", () => {
  it("accepts Skatteverket's own examples and refuses the control file", () => {
    expect(verdicts["official exempel_rot_3st.xml"].valid).toBe(true);
    expect(verdicts["official exempel_rut_3st.xml"].valid).toBe(true);
    const control = verdicts["control: ten-digit Kopare"];
    expect(control.valid).toBe(false);
    expect(control.errors.join("\n")).toMatch(/Kopare.*length/);
  });

  it("validated exactly the files this pipeline builds, and every one is valid", () => {
    const built = filesToValidate();
    expect(Object.keys(built).sort()).toEqual([
      "Begäran nr. 1",
      "Exempel Rot",
      "ROT 2025",
      "ROT 2026",
      "RUT 2026 1/2",
      "RUT 2026 2/2",
    ]);
    for (const [name, xml] of Object.entries(built)) {
      expect(verdicts[name]?.xml, name).toBe(xml);
      expect(verdicts[name].errors, name).toEqual([]);
      expect(verdicts[name].valid, name).toBe(true);
    }
  });
});

describe("Skatteverket's examples rebuilt", () => {
  it("ROT: the same elements, in the same order, with the same values", () => {
    const built = buildClaimXml(OFFICIAL_ROT);
    expect(built.ok).toBe(true);
    expect(tree(built.ok ? built.value : "")).toEqual(tree(rotExample));
  });

  it("RUT (with a schablon service): the same elements, in the same order, with the same values", () => {
    const built = buildClaimXml(OFFICIAL_RUT);
    expect(built.ok).toBe(true);
    expect(tree(built.ok ? built.value : "")).toEqual(tree(rutExample));
  });

  it("the root is in the begaran namespace and its content in the komponent namespace, as in the examples", () => {
    const built = buildClaimXml(OFFICIAL_RUT);
    const xml = built.ok ? built.value : "";
    expect(xml).toContain(
      '<ns1:Begaran xmlns:ns1="http://xmls.skatteverket.se/se/skatteverket/ht/begaran/6.0" xmlns:ns2="http://xmls.skatteverket.se/se/skatteverket/ht/komponent/begaran/6.0">',
    );
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
});

describe("files built from invoices", () => {
  const files = fixtureFiles();
  const byName = Object.fromEntries(files.map((f) => [f.name, f]));

  it("ROT and RUT apart, one payment year per file, at most 100 buyers per file", () => {
    expect(files.map((f) => [f.name, f.type, f.cases.length])).toEqual([
      ["ROT 2025", "rot", 1],
      ["ROT 2026", "rot", 4], // F1001 two buyers, F1002, F1004
      ["RUT 2026 1/2", "rut", 100], // F1003, F1004 and 98 cleaning invoices
      ["RUT 2026 2/2", "rut", 3], // the last three cleaning invoices
    ]);
    for (const f of files) expect(new Set(f.cases.map((c) => c.paymentDate.slice(0, 4))).size).toBe(1);
  });

  it("a house with two owners: one case each, labour and hours split by share, material per work type, travel as other cost", () => {
    const rot = byName["ROT 2026"].cases.filter((c) => c.invoiceNumber === "F1001");
    // labour 25 000 + 2 812.50 = 27 812.50 kr; each owner 13 906.25 kr; 30 % rounded down to whole kronor = 4 171 kr each.
    expect(rot.map((c) => [c.personnummer, c.priceOre, c.claimedOre, c.paidOre])).toEqual([
      ["198406012388", 1_390_625, 417_100, 973_525],
      ["198502152393", 1_390_625, 417_100, 973_525],
    ]);
    // 40 h Bygg and 4.5 h El (rounded to 5 whole hours) split half each (largest remainder: 3 + 2).
    expect(rot.map((c) => c.work)).toEqual([
      [
        { code: "Bygg", hours: 20, materialOre: 500_000 },
        { code: "El", hours: 3, materialOre: 0 },
      ],
      [
        { code: "Bygg", hours: 20, materialOre: 500_000 },
        { code: "El", hours: 2, materialOre: 0 },
      ],
    ]);
    expect(rot.map((c) => c.otherCostOre)).toEqual([31_250, 31_250]);
    expect(rot[0].housing).toEqual({
      housingDesignation: "Uppsala Kåbo 1:23",
      apartmentNumber: null,
      brfOrgNumber: null,
    });
    const xml = verdicts["ROT 2026"].xml;
    expect(xml).toContain("<ns2:PrisForArbete>13906</ns2:PrisForArbete>");
    expect(xml).toContain("<ns2:BetaltBelopp>9735</ns2:BetaltBelopp>");
    expect(xml).toContain("<ns2:BegartBelopp>4171</ns2:BegartBelopp>");
    expect(xml).toContain("<ns2:Fastighetsbeteckning>Uppsala Kåbo 1:23</ns2:Fastighetsbeteckning>");
  });

  it("a tenant-owner apartment carries LagenhetsNr and the association's number as 12 digits", () => {
    const xml = verdicts["ROT 2026"].xml;
    expect(xml).toContain("<ns2:LagenhetsNr>1203</ns2:LagenhetsNr>");
    expect(xml).toContain("<ns2:BrfOrgNr>167696002117</ns2:BrfOrgNr>");
    expect(names(xml, "ns2:Arenden")[2]).toEqual([
      "ns2:Kopare",
      "ns2:BetalningsDatum",
      "ns2:PrisForArbete",
      "ns2:BetaltBelopp",
      "ns2:BegartBelopp",
      "ns2:FakturaNr",
      "ns2:Ovrigkostnad",
      "ns2:LagenhetsNr",
      "ns2:BrfOrgNr",
      "ns2:UtfortArbete",
    ]);
  });

  it("an invoice with both ROT and RUT gives a case in each file; its travel is reported once, with ROT", () => {
    const rot = byName["ROT 2026"].cases.find((c) => c.invoiceNumber === "F1004")!;
    const rut = byName["RUT 2026 1/2"].cases.find((c) => c.invoiceNumber === "F1004")!;
    expect([rot.priceOre, rot.claimedOre, rot.otherCostOre, rot.work]).toEqual([
      450_000,
      135_000,
      30_000,
      [{ code: "Vvs", hours: 6, materialOre: 300_000 }],
    ]);
    expect([rut.priceOre, rut.claimedOre, rut.otherCostOre, rut.work]).toEqual([
      250_000,
      125_000,
      0,
      [{ code: "Tradgardsarbete", hours: 5, materialOre: 0 }],
    ]);
  });

  it("a laundry (schablon) service: half the price is labour, reported as Utfort without hours", () => {
    const c = byName["RUT 2026 1/2"].cases.find((x) => x.invoiceNumber === "F1003")!;
    // 1 500 kr cleaning + 50 % of 800 kr laundry = 1 900 kr labour; 50 % = 950 kr.
    expect([c.priceOre, c.claimedOre, c.paidOre]).toEqual([190_000, 95_000, 95_000]);
    expect(verdicts["RUT 2026 1/2"].xml).toMatch(
      /<ns2:TvattVidTvattinrattning>\s*<ns2:Utfort>true<\/ns2:Utfort>\s*<\/ns2:TvattVidTvattinrattning>/,
    );
  });

  it("the 2025 invoice paid during the temporary rate claims 50 % of the ROT labour", () => {
    const c = byName["ROT 2025"].cases[0];
    expect([c.priceOre, c.claimedOre, c.paidOre]).toEqual([600_000, 300_000, 300_000]);
  });
});

describe("the file rules refuse", () => {
  const good = fixtureFiles().find((f) => f.name === "ROT 2026")!;
  const withCase = (patch: Partial<ClaimCase>, file: ClaimFile = good): ClaimFile => ({
    ...file,
    cases: [{ ...file.cases[0], ...patch }, ...file.cases.slice(1)],
  });
  const paths = (f: ClaimFile) => validateClaimFile(f).map((v) => v.path);

  it("is clean for a good file", () => expect(validateClaimFile(good)).toEqual([]));

  it("more than 100 buyers in one file", () => {
    const rut = fixtureFiles().find((f) => f.name === "RUT 2026 1/2")!;
    const big = { ...rut, cases: [...rut.cases, fixtureFiles().find((f) => f.name === "RUT 2026 2/2")!.cases[0]] };
    expect(big.cases).toHaveLength(101);
    expect(validateClaimFile(big)).toEqual([{ path: "cases", message: "at most 100 buyers per file" }]);
    expect(buildClaimXml(big).ok).toBe(false);
  });

  it("two payment years in one file", () => {
    expect(validateClaimFile(withCase({ paymentDate: "2025-12-30" }))).toContainEqual({
      path: "cases",
      message: "every payment date of a file must be in the same year; found 2025, 2026",
    });
  });

  it("a claim above the amount paid", () => {
    // 50 % claimed against 50 % paid is fine for RUT; for ROT at 30 % it is above the rate.
    const f = withCase({ priceOre: 1_000_000, paidOre: 400_000, claimedOre: 500_000 });
    const msgs = validateClaimFile(f).map((v) => v.message);
    expect(msgs.some((m) => /above the amount paid \(4000 kr\)/.test(m))).toBe(true);
    expect(msgs.some((m) => /above 30 % of the labour cost/.test(m))).toBe(true);
  });

  it("claimed plus paid above the price of the work", () => {
    expect(
      validateClaimFile(withCase({ priceOre: 1_000_000, paidOre: 800_000, claimedOre: 300_000 })).map((v) => v.message),
    ).toContainEqual("F1001: claimed + paid (11000 kr) is above the price of the work (10000 kr)");
  });

  it("the rate of the payment date, not of the invoice: 50 % claimed on an invoice of December 2025 paid in January 2026", () => {
    const f: ClaimFile = {
      ...good,
      cases: [
        { ...good.cases[0], paymentDate: "2026-01-05", priceOre: 1_000_000, paidOre: 500_000, claimedOre: 500_000 },
      ],
    };
    expect(validateClaimFile(f)).toEqual([
      {
        path: "cases[0].claimed",
        message:
          "F1001: the claimed amount is above 30 % of the labour cost, the ROT rate on the payment date 2026-01-05",
      },
    ]);
    expect(validateClaimFile({ ...f, cases: [{ ...f.cases[0], paymentDate: "2025-12-30" }] })).toEqual([]);
  });

  it("a RUT work type in a ROT file, a ROT case without its home, a bad buyer number, a long name", () => {
    const f = {
      ...withCase({
        work: [{ code: "Stadning", hours: 1, materialOre: 0 }],
        housing: null,
        personnummer: "198406012389",
      }),
      name: "Begäran för våren 2026",
    };
    expect(paths(f).sort()).toEqual(["cases[0].housing", "cases[0].personnummer", "cases[0].work[0].code", "name"]);
  });

  it("an invoice the customer has not paid in full", () => {
    const d = computeDeduction({
      date: "2026-03-01",
      customerType: "individual",
      prior: [],
      housing: { housingDesignation: "Ort 1:1" },
      buyers: [{ personnummer: "198406012388" }],
      lines: [{ deductionType: "rot", workType: "Bygg", laborHours: 2, amountInclVatOre: 100_000 }],
    });
    if (!d.ok) throw new Error("setup");
    // total 1 000 kr, deduction 300 kr: the customer owes 700 kr and paid 699.
    const r = claimCasesForPaidInvoice(
      { invoiceNumber: "F9", paymentDate: "2026-03-10", totalOre: 100_000, paidOre: 69_900, deduction: d.value },
      "rot",
    );
    expect(r.ok).toBe(false);
    const ok = claimCasesForPaidInvoice(
      { invoiceNumber: "F9", paymentDate: "2026-03-10", totalOre: 100_000, paidOre: 70_000, deduction: d.value },
      "rot",
    );
    expect(ok.ok && ok.value.map((c) => [c.priceOre, c.paidOre, c.claimedOre])).toEqual([[100_000, 70_000, 30_000]]);
    // and it has no RUT case
    const rut = claimCasesForPaidInvoice(
      { invoiceNumber: "F9", paymentDate: "2026-03-10", totalOre: 100_000, paidOre: 70_000, deduction: d.value },
      "rut",
    );
    expect(rut.ok && rut.value).toEqual([]);
  });

  it("planClaimFiles keeps every case exactly once", () => {
    const cases = fixtureCases();
    const files = planClaimFiles(cases);
    expect(files.reduce((a, f) => a + f.cases.length, 0)).toBe(cases.length);
  });
});
