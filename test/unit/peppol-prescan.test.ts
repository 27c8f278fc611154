// The Peppol import's pre-scan (src/formats/peppol/prescan.ts) and the selections the
// validator makes of the rules' match patterns (selection.ts), issue #41 item 1.
import { describe, expect, it } from "vitest";
import { PEPPOL_LIMITS, PeppolLimitError, scanPeppolXml } from "../../src/formats/peppol/index.ts";
import { hoistRootPaths, matchToSelection } from "../../src/formats/peppol/selection.ts";
import { MAX_ITEMS_PER_INVOICE } from "../../src/http/fields.ts";

const limits = { maxDepth: 4, maxAttributesPerElement: 3, maxAttributes: 6, maxElements: 10, maxLines: 2 };
const refusal = (xml: string) => {
  try {
    scanPeppolXml(xml, limits);
  } catch (e) {
    if (e instanceof PeppolLimitError) return { limit: e.limit, found: e.found, line: e.line };
    throw e;
  }
  return null;
};

describe("scanPeppolXml", () => {
  it("counts elements, attributes, depth and the root's lines, allowances and charges", () => {
    const xml = `<?xml version="1.0"?>
<!-- a comment with <tags a="1"> -->
<Invoice xmlns="urn:x" xmlns:cac="urn:y"><cac:InvoiceLine><cbc:ID schemeID='a>b'>1</cbc:ID></cac:InvoiceLine>
<cac:AllowanceCharge/><![CDATA[<x><y><z>]]><cac:Item><cac:InvoiceLine/></cac:Item></Invoice>`;
    // Invoice, InvoiceLine, ID, AllowanceCharge, Item, the Item's InvoiceLine (not a line: level 3)
    expect(scanPeppolXml(xml, limits)).toEqual({ elements: 6, attributes: 3, depth: 3, lines: 2 });
  });

  it("stops at the first limit passed, naming it, what it found and the text line", () => {
    expect(refusal("<a><b><c><d><e/></d></c></b></a>")).toEqual({ limit: "depth", found: 5, line: 1 });
    expect(refusal('<a>\n<b w="1" x="2" y="3" z="4"/></a>')).toEqual({
      limit: "attributes_per_element",
      found: 4,
      line: 2,
    });
    expect(refusal('<a><b x="1" y="2"/><b x="1" y="2"/><b x="1" y="2"/><b x="1"/></a>')).toMatchObject({
      limit: "attributes",
      found: 7,
    });
    expect(refusal(`<a>${"<b/>".repeat(10)}</a>`)).toMatchObject({ limit: "elements", found: 11 });
    expect(refusal("<Invoice><InvoiceLine/><AllowanceCharge/><InvoiceLine/></Invoice>")).toMatchObject({
      limit: "lines",
      found: 3,
    });
  });

  it("leaves what it cannot follow to the parser: a tag that never ends", () => {
    expect(scanPeppolXml('<a><b x="1', limits)).toEqual({ elements: 1, attributes: 0, depth: 1, lines: 0 });
  });

  it("refuses 100 000 levels and 200 000 attributes with the service's limits, quickly", () => {
    const t0 = performance.now();
    expect(() => scanPeppolXml(`<a>${"<b>".repeat(100_000)}`)).toThrow(PeppolLimitError);
    expect(() => scanPeppolXml(`<a ${Array.from({ length: 200_000 }, (_, i) => `x${i}="1"`).join(" ")}/>`)).toThrow(
      /attributes per element/,
    );
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it("takes no more lines than the JSON API takes items on an invoice", () => {
    expect(PEPPOL_LIMITS.maxLines).toBe(MAX_ITEMS_PER_INVOICE);
  });
});

describe("the rules' selections", () => {
  it("a parenthesized union of rooted branches stays rooted (not evaluated once per node)", () => {
    expect(matchToSelection("(/ubl:Invoice/cac:A | /cn:CreditNote/cac:A)[$x]")).toBe(
      "(/ubl:Invoice/cac:A | /cn:CreditNote/cac:A)[$x]",
    );
    expect(matchToSelection("(cac:A | /cn:B)[$x]")).toBe("//(cac:A | /cn:B)[$x]");
  });

  it("a predicate's operand that starts at the root is bound once", () => {
    expect(hoistRootPaths("//cac:T[//cac:P[cbc:C = 'SE'] and cbc:ID = 'S'] | //cac:U[cbc:ID = 'S']")).toEqual({
      hoisted: ["$root_path_1 := (//cac:P[cbc:C = 'SE'])"],
      selection: "//cac:T[ $root_path_1  and cbc:ID = 'S'] | //cac:U[cbc:ID = 'S']",
    });
    expect(hoistRootPaths("//a[b = '//c and //d']")).toEqual({ hoisted: [], selection: "//a[b = '//c and //d']" });
  });
});
