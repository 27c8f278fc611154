// The Peppol BIS Billing 3.0 validator (src/formats/peppol), run inside workerd as the
// Worker runs it. Fixtures: OpenPeppol's examples (test/fixtures/peppol, copied from
// ../shared/data/peppol/examples: OpenPEPPOL/peppol-bis-invoice-3, rules/examples/,
// Apache-2.0), and mutated copies of them that must fail the named rules.
import { evaluateXPathToBoolean } from "fontoxpath";
import { describe, expect, it } from "vitest";
import { matchToSelection, validatePeppol } from "../../src/formats/peppol/index.ts";
import { RULE_SETS } from "../../src/formats/peppol/rules.generated.ts";
import creditNote from "../fixtures/peppol/base-creditnote-correction.xml?raw";
import baseExample from "../fixtures/peppol/base-example.xml?raw";
import categoryS from "../fixtures/peppol/Vat-category-S.xml?raw";
import categoryE from "../fixtures/peppol/vat-category-E.xml?raw";
import categoryO from "../fixtures/peppol/vat-category-O.xml?raw";
import categoryZ from "../fixtures/peppol/vat-category-Z.xml?raw";
import orgList from "../fixtures/ids/organisationsnummer_list.json";

const EXAMPLES: Record<string, string> = {
  "base-example.xml": baseExample,
  "base-creditnote-correction.xml": creditNote,
  "Vat-category-S.xml": categoryS,
  "vat-category-E.xml": categoryE,
  "vat-category-O.xml": categoryO,
  "vat-category-Z.xml": categoryZ,
};

const ids = (xml: string) => validatePeppol(xml).fatal.map((f) => f.id);

describe("the generated rules", () => {
  it("hold every assert of both stylesheets", () => {
    const asserts = RULE_SETS.map((s) => s.patterns.flatMap((p) => p.rules.flatMap((r) => r.asserts)).length);
    // Release 2026.5: each assert is one <svrl:failed-assert> in the stylesheets.
    expect(asserts).toEqual([979, 165]);
    const ruleIds = RULE_SETS.flatMap((s) =>
      s.patterns.flatMap((p) => p.rules.flatMap((r) => r.asserts.map((a) => a.id))),
    );
    expect(ruleIds).toContain("BR-CO-15");
    expect(ruleIds).toContain("PEPPOL-COMMON-R049");
  });

  it("turn match patterns into selections branch by branch", () => {
    expect(matchToSelection("cac:A | /ubl:Invoice/cac:B[x | y]")).toBe("//cac:A | /ubl:Invoice/cac:B[x | y]");
    expect(matchToSelection("//*[not(*)]")).toBe("//*[not(*)]");
  });
});

describe("OpenPeppol's examples", () => {
  for (const [name, xml] of Object.entries(EXAMPLES)) {
    it(`${name} breaks no fatal rule, and every test could be evaluated`, () => {
      const result = validatePeppol(xml);
      expect(result.fatal).toEqual([]);
      expect(result.warnings.filter((w) => w.text.includes("could not be evaluated"))).toEqual([]);
    });
  }
});

describe("mutated examples fail the expected rules", () => {
  it("without cbc:CustomizationID: BR-01", () => {
    const xml = baseExample.replace(/<cbc:CustomizationID>[^<]*<\/cbc:CustomizationID>/, "");
    expect(ids(xml)).toContain("BR-01");
  });

  it("a payable amount that is not the total with VAT minus the prepaid: BR-CO-16", () => {
    const xml = baseExample.replace(
      /<cbc:PayableAmount currencyID="EUR">([^<]*)<\/cbc:PayableAmount>/,
      '<cbc:PayableAmount currencyID="EUR">9999.00</cbc:PayableAmount>',
    );
    expect(ids(xml)).toContain("BR-CO-16");
  });

  it("a line extension total that is not the lines' sum: BR-CO-10", () => {
    const xml = baseExample.replace(
      /<cbc:LineExtensionAmount currencyID="EUR">([^<]*)<\/cbc:LineExtensionAmount>(\s*<cbc:TaxExclusiveAmount)/,
      '<cbc:LineExtensionAmount currencyID="EUR">1.00</cbc:LineExtensionAmount>$2',
    );
    expect(ids(xml)).toContain("BR-CO-10");
  });

  it("a total with VAT that is not the net plus the VAT: BR-CO-15", () => {
    const xml = baseExample.replace(
      /<cbc:TaxInclusiveAmount currencyID="EUR">([^<]*)<\/cbc:TaxInclusiveAmount>/,
      '<cbc:TaxInclusiveAmount currencyID="EUR">1.00</cbc:TaxInclusiveAmount>',
    );
    expect(ids(xml)).toContain("BR-CO-15");
  });

  it("a Swedish seller with a bad organisation number: PEPPOL-COMMON-R049 on its 0007 endpoint", () => {
    const xml = categoryS.replace(
      /<cbc:EndpointID schemeID="[^"]*">[^<]*<\/cbc:EndpointID>/,
      '<cbc:EndpointID schemeID="0007">5560160681</cbc:EndpointID>',
    );
    expect(ids(xml)).toContain("PEPPOL-COMMON-R049");
  });

  it("a standard-rated line with a 0 % rate: BR-S-05", () => {
    const xml = categoryS.replace(
      /(<cac:ClassifiedTaxCategory>\s*<cbc:ID>S<\/cbc:ID>\s*<cbc:Percent>)[^<]*(<\/cbc:Percent>)/,
      "$10$2",
    );
    expect(ids(xml)).toContain("BR-S-05");
  });

  it("a warning is a warning, not a fatal finding", () => {
    const result = validatePeppol(baseExample);
    for (const w of result.warnings) expect(w.flag).toBe("warning");
  });

  it("refuses XML that is not a UBL Invoice or CreditNote, which no rule would fire on", () => {
    expect(() => validatePeppol("<a><name>x</name></a>")).toThrow(/root element is <a>/);
    expect(() => validatePeppol('<Invoice xmlns="urn:example"><ID>1</ID></Invoice>')).toThrow(/not a UBL 2.1 Invoice/);
    expect(validatePeppol(creditNote).fatal).toEqual([]);
  });
});

describe("u:checkSEOrgnr, the Swedish organisation number check of the SE-R rules", () => {
  const check = (n: string) =>
    evaluateXPathToBoolean(`u:checkSEOrgnr('${n}')`, null, null, null, { moduleImports: { u: "utils" } });

  it("agrees with the organisationsnummer project's vectors (10 digits, Luhn)", () => {
    validatePeppol(baseExample); // registers the functions' module
    for (const row of orgList.filter((r) => /^\d{10}$/.test(r.input))) {
      expect([row.input, check(row.input)]).toEqual([row.input, row.valid]);
    }
  });
});
