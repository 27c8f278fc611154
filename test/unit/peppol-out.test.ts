// The pure parts of Peppol BIS 3.0 out (src/formats/peppol): amounts from öre, the VAT
// category of a sale line, endpoint ids, unit codes, and the generator's element order
// and refusals of figures that do not add up.
import { describe, expect, it } from "vitest";
import { checkEndpointId, glnValid } from "../../src/formats/peppol/endpoint";
import {
  amountText,
  type PeppolDocument,
  PeppolShapeError,
  percentText,
  quantityAndPrice,
  taxBreakdown,
  ublInvoiceXml,
  xmlEscape,
} from "../../src/formats/peppol/ubl-invoice";
import { unitCodeOf } from "../../src/formats/peppol/unit-code";
import { vatCategoryOf } from "../../src/formats/peppol/vat-category";

describe("amounts and rates", () => {
  it("writes öre as a decimal with two places, without floating point", () => {
    expect(amountText(0)).toBe("0.00");
    expect(amountText(5)).toBe("0.05");
    expect(amountText(-5)).toBe("-0.05");
    expect(amountText(123_456)).toBe("1234.56");
    expect(amountText(-100)).toBe("-1.00");
    // 99 999 999 999 999 öre: past where a float of kronor stops being exact to the öre
    expect(amountText(99_999_999_999_999)).toBe("999999999999.99");
  });

  it("writes a rate in basis points as a percentage", () => {
    expect(percentText(2500)).toBe("25");
    expect(percentText(1200)).toBe("12");
    expect(percentText(600)).toBe("6");
    expect(percentText(0)).toBe("0");
    expect(percentText(1250)).toBe("12.5");
    expect(percentText(1225)).toBe("12.25");
  });

  it("escapes XML text", () => {
    expect(xmlEscape(`Smith & Söner <"AB">`)).toBe("Smith &amp; Söner &lt;&quot;AB&quot;&gt;");
  });

  it("turns a negative price into a negative quantity (BR-27)", () => {
    expect(quantityAndPrice({ quantity: "2", unitPriceOre: -500 })).toEqual({ quantity: "-2", priceOre: 500 });
    expect(quantityAndPrice({ quantity: "2", unitPriceOre: 500 })).toEqual({ quantity: "2", priceOre: 500 });
  });
});

describe("the VAT category of a sale line", () => {
  it("follows the treatment (Directive 2006/112/EC art. 138, 44/196, 146; ML 2023:200 10 kap.)", () => {
    expect(vatCategoryOf("domestic", 2500)).toMatchObject({ code: "S", rateBp: 2500 });
    expect(vatCategoryOf("eu_consumer_goods", 1200)).toMatchObject({ code: "S", rateBp: 1200 });
    expect(vatCategoryOf("domestic", 0)).toMatchObject({ code: "E", exemptionCode: null });
    expect(vatCategoryOf("domestic", 0).exemptionReason).toContain("mervärdesskattelagen");
    expect(vatCategoryOf("eu_goods", 0)).toMatchObject({ code: "K", exemptionCode: "VATEX-EU-IC" });
    expect(vatCategoryOf("eu_services_reverse_charge", 0)).toMatchObject({ code: "AE", exemptionCode: "VATEX-EU-AE" });
    expect(vatCategoryOf("export_goods", 0)).toMatchObject({ code: "G", exemptionCode: "VATEX-EU-G" });
    expect(vatCategoryOf("export_services", 0)).toMatchObject({ code: "O", exemptionCode: "VATEX-EU-O" });
    expect(vatCategoryOf("not_vat_registered", 0)).toMatchObject({ code: "O" });
  });
});

describe("endpoint ids", () => {
  it("checks a GLN's GS1 check digit", () => {
    // GS1's worked example: 629104150021 has check digit 3
    expect(glnValid("6291041500213")).toBe(true);
    expect(glnValid("6291041500214")).toBe(false);
    expect(glnValid("7359999000014")).toBe(true);
    expect(glnValid("735999900001")).toBe(false);
  });

  it("checks 0007 as an organisation number and stores the ten digits", () => {
    // 556016-0680 (Luhn-valid organisation number)
    expect(checkEndpointId("0007", "556016-0680")).toEqual({ ok: true, scheme: "0007", value: "5560160680" });
    expect(checkEndpointId("0007", "16556016-0680")).toEqual({ ok: true, scheme: "0007", value: "5560160680" });
    expect(checkEndpointId("0007", "556016-0681").ok).toBe(false);
    expect(checkEndpointId("0007", "55601606").ok).toBe(false);
  });

  it("refuses 9955 (withdrawn) and schemes off the EAS list; takes other listed ones as given", () => {
    const vat = checkEndpointId("9955", "SE556016068001");
    expect(vat.ok).toBe(false);
    expect(!vat.ok && vat.message).toContain("0007");
    expect(checkEndpointId("1234", "x").ok).toBe(false);
    expect(checkEndpointId("0192", " 923609016 ")).toEqual({ ok: true, scheme: "0192", value: "923609016" });
    expect(checkEndpointId("0088", "").ok).toBe(false);
  });
});

describe("unit codes (UN/ECE Recommendation 20)", () => {
  it("maps the common Swedish and English units and falls back to C62", () => {
    expect(unitCodeOf("st")).toBe("H87");
    expect(unitCodeOf("Tim")).toBe("HUR");
    expect(unitCodeOf("h")).toBe("HUR");
    expect(unitCodeOf("kg")).toBe("KGM");
    expect(unitCodeOf("mån")).toBe("MON");
    expect(unitCodeOf(null)).toBe("C62");
    expect(unitCodeOf("paket")).toBe("C62");
  });
});

const party = (name: string, endpoint: string): PeppolDocument["seller"] => ({
  name,
  endpoint: { scheme: "0007", value: endpoint },
  address: { street: "Gatan 1", additional: null, city: "Malmö", postalCode: "211 11", country: "SE" },
  vatNumber: `SE${endpoint}01`,
  legalId: { scheme: "0007", value: endpoint },
  fSkatt: name === "Säljaren AB",
  contact: { name: null, phone: null, email: null },
});

function doc(overrides: Partial<PeppolDocument> = {}): PeppolDocument {
  return {
    kind: "invoice",
    number: "F1",
    issueDate: "2026-11-01",
    dueDate: "2026-12-01",
    currency: "SEK",
    note: null,
    buyerReference: "REF",
    orderReference: null,
    billingReference: null,
    seller: party("Säljaren AB", "5560160680"),
    buyer: party("Köparen AB", "2120000142"),
    delivery: null,
    payment: { paymentId: "1234", accounts: [{ kind: "bankgiro", id: "50501055" }], terms: "30 dagar netto" },
    lines: [
      {
        description: "Tjänst",
        quantity: "2",
        unitCode: "HUR",
        unitPriceOre: 50_000,
        netOre: 100_000,
        tax: { code: "S", rateBp: 2500, exemptionCode: null, exemptionReason: null },
      },
      {
        description: "Bok",
        quantity: "1",
        unitCode: "H87",
        unitPriceOre: 10_000,
        netOre: 10_000,
        tax: { code: "S", rateBp: 600, exemptionCode: null, exemptionReason: null },
      },
    ],
    vatByRate: [
      { rateBp: 2500, vatOre: 25_000 },
      { rateBp: 600, vatOre: 600 },
    ],
    totals: { lineOre: 110_000, vatOre: 25_600, totalOre: 135_600, prepaidOre: 0 },
    vatInSekOre: null,
    attachment: null,
    ...overrides,
  };
}

/** The names of the root's children, in order. */
function topLevel(xml: string): string[] {
  const inner = xml.replace(/^[\s\S]*?<(Invoice|CreditNote) [^>]*>/, "").replace(/<\/(Invoice|CreditNote)>\s*$/, "");
  const names: string[] = [];
  let depth = 0;
  for (const m of inner.matchAll(/<(\/?)([\w:]+)[^>]*?(\/?)>/g)) {
    if (m[1]) depth--;
    else {
      if (depth === 0) names.push(m[2]);
      if (!m[3]) depth++;
    }
  }
  return names;
}

describe("the generator", () => {
  it("writes the root's children in UBL 2.1's order", () => {
    const xml = ublInvoiceXml(
      doc({
        orderReference: "PO1",
        attachment: { id: "F1", fileName: "f.pdf", mimeCode: "application/pdf", base64: "JVBE" },
      }),
    );
    expect(topLevel(xml)).toEqual([
      "cbc:CustomizationID",
      "cbc:ProfileID",
      "cbc:ID",
      "cbc:IssueDate",
      "cbc:DueDate",
      "cbc:InvoiceTypeCode",
      "cbc:DocumentCurrencyCode",
      "cbc:BuyerReference",
      "cac:OrderReference",
      "cac:AdditionalDocumentReference",
      "cac:AccountingSupplierParty",
      "cac:AccountingCustomerParty",
      "cac:PaymentMeans",
      "cac:PaymentTerms",
      "cac:TaxTotal",
      "cac:LegalMonetaryTotal",
      "cac:InvoiceLine",
      "cac:InvoiceLine",
    ]);
  });

  it("writes a credit note without DueDate, with its billing reference and CreditNoteLines", () => {
    const xml = ublInvoiceXml(
      doc({
        kind: "credit_note",
        number: "KR-F1",
        billingReference: { number: "F1", issueDate: "2026-10-01" },
        payment: { paymentId: null, accounts: [], terms: null },
      }),
    );
    expect(topLevel(xml)).toEqual([
      "cbc:CustomizationID",
      "cbc:ProfileID",
      "cbc:ID",
      "cbc:IssueDate",
      "cbc:CreditNoteTypeCode",
      "cbc:DocumentCurrencyCode",
      "cbc:BuyerReference",
      "cac:BillingReference",
      "cac:AccountingSupplierParty",
      "cac:AccountingCustomerParty",
      "cac:TaxTotal",
      "cac:LegalMonetaryTotal",
      "cac:CreditNoteLine",
      "cac:CreditNoteLine",
    ]);
    expect(xml).toContain("<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>");
  });

  it("writes the seller's F-skatt as a TAX scheme after the VAT one (SE-R-005), and no empty element", () => {
    const xml = ublInvoiceXml(doc());
    expect(xml).toContain(
      "<cac:PartyTaxScheme><cbc:CompanyID>SE556016068001</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>" +
        "<cac:PartyTaxScheme><cbc:CompanyID>Godkänd för F-skatt</cbc:CompanyID><cac:TaxScheme><cbc:ID>TAX</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>",
    );
    expect(xml).not.toMatch(/<([\w:]+)[^>]*><\/\1>/);
    expect(xml).not.toContain("cac:Contact");
  });

  it("groups the VAT breakdown by category and rate, with the booked VAT for S", () => {
    const d = doc({
      lines: [
        ...doc().lines,
        {
          description: "Mer",
          quantity: "1",
          unitCode: "C62",
          unitPriceOre: 1_000,
          netOre: 1_000,
          tax: { code: "S", rateBp: 2500, exemptionCode: null, exemptionReason: null },
        },
      ],
      vatByRate: [
        { rateBp: 2500, vatOre: 25_250 },
        { rateBp: 600, vatOre: 600 },
      ],
      totals: { lineOre: 111_000, vatOre: 25_850, totalOre: 136_850, prepaidOre: 0 },
    });
    expect(taxBreakdown(d).map((g) => [g.tax.code, g.tax.rateBp, g.taxableOre, g.taxOre])).toEqual([
      ["S", 2500, 101_000, 25_250],
      ["S", 600, 10_000, 600],
    ]);
  });

  it("writes PrepaidAmount and the payable after it (BR-CO-16)", () => {
    const xml = ublInvoiceXml(
      doc({ totals: { lineOre: 110_000, vatOre: 25_600, totalOre: 135_600, prepaidOre: 30_000 } }),
    );
    expect(xml).toContain(
      '<cbc:PrepaidAmount currencyID="SEK">300.00</cbc:PrepaidAmount><cbc:PayableAmount currencyID="SEK">1056.00</cbc:PayableAmount>',
    );
  });

  it("refuses figures that do not add up (a caller's bug, never a document)", () => {
    expect(() =>
      ublInvoiceXml(doc({ totals: { lineOre: 110_001, vatOre: 25_600, totalOre: 135_601, prepaidOre: 0 } })),
    ).toThrow(PeppolShapeError);
    expect(() =>
      ublInvoiceXml(doc({ totals: { lineOre: 110_000, vatOre: 25_601, totalOre: 135_601, prepaidOre: 0 } })),
    ).toThrow(PeppolShapeError);
  });
});
