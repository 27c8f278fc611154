// Issue #32, "Out": every issued invoice and credit note as Peppol BIS Billing 3.0
// (docs/peppol.md). Invoices of every VAT treatment the service supports are made through
// the API and fetched from GET .../invoices/{id}/peppol; the tests read the XML back and
// hold it to the invoice's JSON and to the books (the entry's output VAT, the OCR).
import { describe, expect, it } from "vitest";
import { validatePeppol } from "../../src/formats/peppol";
import { call, companyFixture, day, entryLines, newCompany, write, yearAroundToday } from "../helpers";

const f = companyFixture({ name: "Peppol Säljare AB", ...yearAroundToday() });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;

/** The text of every element `name` (a leaf: no element inside it). */
function all(xml: string, name: string): string[] {
  const re = new RegExp(`<${name}(?:\\s[^>]*)?>([^<]*)</${name}>`, "g");
  return [...xml.matchAll(re)].map((m) => m[1]);
}
const one = (xml: string, name: string) => {
  const found = all(xml, name);
  expect(found, name).toHaveLength(1);
  return found[0];
};
/** The attributes of the first element `name`. */
function attrs(xml: string, name: string): Record<string, string> {
  const m = new RegExp(`<${name}\\s([^>]*)>`).exec(xml);
  return Object.fromEntries([...(m?.[1] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((a) => [a[1], a[2]]));
}
/** The inner XML of the first element `name` (for a party or a total). */
function block(xml: string, name: string): string {
  const m = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml);
  expect(m, name).not.toBeNull();
  return m![1];
}

const money = (n: number) => n.toFixed(2);

async function customer(body: Record<string, unknown>) {
  const res = await write(f.actor.key, "POST", url("/customers"), body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

async function issued(body: Record<string, unknown>) {
  const created = await write(f.actor.key, "POST", url("/invoices"), { invoice_date: day(-2), ...body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const sent = await write(f.actor.key, "POST", url(`/invoices/${created.body.data.id}/mark-sent`));
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return sent.body.data;
}

async function peppol(id: string) {
  const res = await call("GET", url(`/invoices/${id}/peppol`), { key: f.actor.key });
  expect(res.status, typeof res.body === "string" ? res.body : JSON.stringify(res.body)).toBe(200);
  expect(res.headers.get("Content-Type")).toContain("application/xml");
  expectValid(res.body as string);
  return res.body as string;
}

/** The official rules (CEN EN 16931 and Peppol's, SE-R included): no fatal finding, and no warning either. */
function expectValid(xml: string) {
  const { fatal, warnings } = validatePeppol(xml);
  expect(fatal, JSON.stringify(fatal, null, 1)).toEqual([]);
  expect(warnings, JSON.stringify(warnings, null, 1)).toEqual([]);
}

/** What every document carries: the profile, the seller as the company, the embedded PDF. */
function expectPeppolShell(xml: string, inv: { invoice_number: string }) {
  expect(one(xml, "cbc:CustomizationID")).toBe(
    "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0",
  );
  expect(one(xml, "cbc:ProfileID")).toBe("urn:fdc:peppol.eu:2017:poacc:billing:01:1.0");
  const seller = block(xml, "cac:AccountingSupplierParty");
  expect(one(seller, "cbc:EndpointID")).toBe("5560160680");
  expect(attrs(seller, "cbc:EndpointID").schemeID).toBe("0007");
  expect(all(block(seller, "cac:PartyLegalEntity"), "cbc:CompanyID")).toEqual(["5560160680"]);
  expect(all(seller, "cbc:CompanyID")).toContain("Godkänd för F-skatt");
  const pdf = attrs(xml, "cbc:EmbeddedDocumentBinaryObject");
  expect(pdf).toMatchObject({ mimeCode: "application/pdf", filename: `faktura-${inv.invoice_number}.pdf` });
  const bytes = atob(one(xml, "cbc:EmbeddedDocumentBinaryObject"));
  expect(bytes.startsWith("%PDF-")).toBe(true);
}

/** The document's totals against the invoice's JSON. */
function expectTotals(xml: string, inv: { subtotal: number; vat_amount: number; total: number }, payable: number) {
  const t = block(xml, "cac:LegalMonetaryTotal");
  expect(one(t, "cbc:LineExtensionAmount")).toBe(money(Math.abs(inv.subtotal)));
  expect(one(t, "cbc:TaxExclusiveAmount")).toBe(money(Math.abs(inv.subtotal)));
  expect(one(t, "cbc:TaxInclusiveAmount")).toBe(money(Math.abs(inv.total)));
  expect(one(t, "cbc:PayableAmount")).toBe(money(payable));
  expect(all(block(xml, "cac:TaxTotal"), "cbc:TaxAmount")[0]).toBe(money(Math.abs(inv.vat_amount)));
}

/** Every VAT breakdown row: [category, percent, taxable, tax, exemption code]. */
function breakdown(xml: string): [string, string | undefined, string, string, string | undefined][] {
  return [...xml.matchAll(/<cac:TaxSubtotal>([\s\S]*?)<\/cac:TaxSubtotal>/g)].map((m) => [
    all(m[1], "cbc:ID")[0],
    all(m[1], "cbc:Percent")[0],
    one(m[1], "cbc:TaxableAmount"),
    one(m[1], "cbc:TaxAmount"),
    all(m[1], "cbc:TaxExemptionReasonCode")[0],
  ]);
}

describe("invoices as Peppol BIS Billing 3.0", () => {
  let domestic: { id: string };
  it("sets the seller's address and accounts", async () => {
    const res = await write(f.actor.key, "PATCH", url("/settings"), {
      address_line1: "Storgatan 1",
      postal_code: "123 45",
      city: "Malmö",
      email: "faktura@saljare.se",
      bankgiro: "5050-1055",
      plusgiro: "123456-7",
      iban: "SE4550000000058398257466",
      bic: "ESSESESS",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    domestic = await customer({
      name: "Kommunen",
      customer_type: "swedish_business",
      org_number: "212000-0142",
      address_line1: "Stadshuset",
      postal_code: "111 11",
      city: "Stockholm",
    });
  });

  it("writes a domestic invoice at 25, 12 and 6 % with the OCR, the giro accounts and the totals booked", async () => {
    const inv = await issued({
      customer_id: domestic.id,
      your_reference: "ABC123",
      order_reference: "PO-77",
      items: [
        { description: "Konsulttimmar", quantity: 3, unit: "tim", unit_price: 1000, vat_rate: 0.25 },
        { description: "Livsmedel", quantity: 2.5, unit: "kg", unit_price: 99.9, vat_rate: 0.12 },
        { description: "Böcker", quantity: 1, unit: "st", unit_price: 199, vat_rate: 0.06 },
        { description: "Rabatt", quantity: 1, unit_price: -100, vat_rate: 0.25 },
      ],
    });
    const xml = await peppol(inv.id);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<Invoice ')).toBe(true);
    expectPeppolShell(xml, inv);
    expect(one(xml, "cbc:InvoiceTypeCode")).toBe("380");
    expect(all(xml, "cbc:ID")[0]).toBe(inv.invoice_number);
    expect(one(xml, "cbc:IssueDate")).toBe(inv.invoice_date);
    expect(one(xml, "cbc:DueDate")).toBe(inv.due_date);
    expect(one(xml, "cbc:DocumentCurrencyCode")).toBe("SEK");
    expect(one(xml, "cbc:BuyerReference")).toBe("ABC123");
    expect(one(block(xml, "cac:OrderReference"), "cbc:ID")).toBe("PO-77");
    // the buyer: a Swedish business reached at its organisation number (0007) by default
    const buyer = block(xml, "cac:AccountingCustomerParty");
    expect(one(buyer, "cbc:EndpointID")).toBe("2120000142");
    expect(attrs(buyer, "cbc:EndpointID").schemeID).toBe("0007");
    expect(one(buyer, "cbc:RegistrationName")).toBe("Kommunen");
    // 3 000 + 249.75 + 199 - 100 = 3 348.75 net; VAT 725 + 29.97 + 11.94 = 766.91
    expect(inv).toMatchObject({ subtotal: 3348.75, vat_amount: 766.91, total: 4115.66 });
    expectTotals(xml, inv, 4115.66);
    expect(breakdown(xml)).toEqual([
      ["S", "25", "2900.00", "725.00", undefined],
      ["S", "12", "249.75", "29.97", undefined],
      ["S", "6", "199.00", "11.94", undefined],
    ]);
    // the VAT is the VAT booked
    const entry = await entryLines(f.actor.key, f.companyId, inv.journal_entry_id);
    expect(entry["2611"][1] + entry["2621"][1] + entry["2631"][1]).toBeCloseTo(766.91, 2);
    // payment: bankgiro and plusgiro as SE-R-011 wants them, the IBAN with BIC, each quoting the OCR
    expect(inv.ocr_number).toMatch(/^\d+$/);
    expect(all(xml, "cbc:PaymentID")).toEqual([inv.ocr_number, inv.ocr_number, inv.ocr_number]);
    expect(all(xml, "cbc:PaymentMeansCode")).toEqual(["30", "30", "30"]);
    const means = [...xml.matchAll(/<cac:PayeeFinancialAccount>([\s\S]*?)<\/cac:PayeeFinancialAccount>/g)].map((m) =>
      all(m[1], "cbc:ID"),
    );
    expect(means).toEqual([
      ["50501055", "SE:BANKGIRO"],
      ["1234567", "SE:PLUSGIRO"],
      ["SE4550000000058398257466", "ESSESESS"],
    ]);
    // the discount row: BR-27 forbids a negative price, so it is a negative quantity at a positive price
    const lines = [...xml.matchAll(/<cac:InvoiceLine>([\s\S]*?)<\/cac:InvoiceLine>/g)].map((m) => m[1]);
    expect(lines).toHaveLength(4);
    expect(one(lines[0], "cbc:InvoicedQuantity")).toBe("3");
    expect(attrs(lines[0], "cbc:InvoicedQuantity").unitCode).toBe("HUR");
    expect(attrs(lines[1], "cbc:InvoicedQuantity").unitCode).toBe("KGM");
    expect(one(lines[1], "cbc:LineExtensionAmount")).toBe("249.75");
    expect(one(lines[3], "cbc:InvoicedQuantity")).toBe("-1");
    expect(one(lines[3], "cbc:PriceAmount")).toBe("100.00");
    expect(one(lines[3], "cbc:LineExtensionAmount")).toBe("-100.00");
    expect(xml).not.toContain("TaxCurrencyCode");
    expect(xml).not.toContain("PrepaidAmount");
  });

  it("writes a credit note as a CreditNote (381) with positive amounts, referring to the invoice", async () => {
    const inv = await issued({
      customer_id: domestic.id,
      your_reference: "ABC123",
      items: [
        { description: "Konsult", quantity: 10, unit: "h", unit_price: 1000, vat_rate: 0.25 },
        { description: "Mat", quantity: 1, unit_price: 500, vat_rate: 0.12 },
      ],
    });
    const itemsRes = await call("GET", url(`/invoices/${inv.id}?expand=items`), { key: f.actor.key });
    const item = itemsRes.body.data.items[0];
    const credit = await write(f.actor.key, "POST", url(`/invoices/${inv.id}/credit`), {
      reason: "Fel antal timmar",
      items: [{ item_id: item.id, quantity: 2 }],
    });
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    const note = credit.body.data.credit_note ?? credit.body.data;
    expect(note.is_credit_note).toBe(true);
    expect(note).toMatchObject({ subtotal: -2000, vat_amount: -500, total: -2500 });
    const xml = await peppol(note.id);
    expect(xml).toContain("<CreditNote ");
    expect(xml).toContain('xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expectPeppolShell(xml, note);
    expect(one(xml, "cbc:CreditNoteTypeCode")).toBe("381");
    expect(xml).not.toContain("<cbc:DueDate>");
    const ref = block(xml, "cac:InvoiceDocumentReference");
    expect(one(ref, "cbc:ID")).toBe(inv.invoice_number);
    expect(one(ref, "cbc:IssueDate")).toBe(inv.invoice_date);
    expectTotals(xml, note, 2500);
    expect(breakdown(xml)).toEqual([["S", "25", "2000.00", "500.00", undefined]]);
    const line = block(xml, "cac:CreditNoteLine");
    expect(one(line, "cbc:CreditedQuantity")).toBe("2");
    expect(one(line, "cbc:PriceAmount")).toBe("1000.00");
    expect(one(xml, "cbc:Note")).toContain("Fel antal timmar");
    // a credit note asks for no payment
    expect(xml).not.toContain("PaymentMeans");
  });

  it("writes ROT and RUT with the deduction as PrepaidAmount: PayableAmount is what the buyer pays", async () => {
    const person = await customer({
      name: "Anna Andersson",
      customer_type: "individual",
      country: "SE",
      address_line1: "Villavägen 3",
      postal_code: "222 22",
      city: "Lund",
      peppol_endpoint_id: { scheme: "0088", value: "7359999000014" },
    });
    const rot = await issued({
      customer_id: person.id,
      your_reference: "Anna",
      items: [
        {
          description: "Snickeri",
          quantity: 10,
          unit: "h",
          unit_price: 500,
          vat_rate: 0.25,
          deduction_type: "rot",
          work_type: "Bygg",
          labor_hours: 10,
        },
        { description: "Virke", quantity: 1, unit_price: 1000, vat_rate: 0.25, work_type: "Bygg" },
      ],
      deduction_personnummer: "19840601-2388",
      deduction_housing_designation: "Lund Villan 1:2",
    });
    // labour 5 000 + 25 % = 6 250, ROT 30 % = 1 875; material 1 250: the buyer pays 5 625
    expect(rot).toMatchObject({ total: 7500, deduction_total: 1875, remaining_amount: 5625 });
    const xml = await peppol(rot.id);
    expectPeppolShell(xml, rot);
    const t = block(xml, "cac:LegalMonetaryTotal");
    expect(one(t, "cbc:PrepaidAmount")).toBe("1875.00");
    expectTotals(xml, rot, 5625);
    const buyer = block(xml, "cac:AccountingCustomerParty");
    expect(one(buyer, "cbc:EndpointID")).toBe("7359999000014");
    expect(attrs(buyer, "cbc:EndpointID").schemeID).toBe("0088");
    // the buyer's personnummer never leaves the service
    expect(xml).not.toContain("198406012388");
    expect(xml).not.toContain("840601");
    expect(buyer).not.toContain(
      "cac:PartyLegalEntity><cbc:RegistrationName>Anna Andersson</cbc:RegistrationName><cbc:CompanyID",
    );

    // crediting the whole ROT invoice reverses the whole deduction: the credit note's PrepaidAmount
    const credit = await write(f.actor.key, "POST", url(`/invoices/${rot.id}/credit`), { reason: "Avbeställt" });
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    const note = credit.body.data.credit_note ?? credit.body.data;
    expect(note).toMatchObject({ is_credit_note: true, total: -7500 });
    const cx = await peppol(note.id);
    expect(one(cx, "cbc:CreditNoteTypeCode")).toBe("381");
    expect(one(block(cx, "cac:LegalMonetaryTotal"), "cbc:PrepaidAmount")).toBe("1875.00");
    expectTotals(cx, note, 5625);

    const rut = await issued({
      customer_id: person.id,
      your_reference: "Anna",
      items: [
        {
          description: "Städning",
          quantity: 8,
          unit: "h",
          unit_price: 500,
          vat_rate: 0.25,
          deduction_type: "rut",
          work_type: "Stadning",
          labor_hours: 8,
        },
      ],
      deduction_personnummer: "19840601-2388",
    });
    expect(rut).toMatchObject({ total: 5000, deduction_total: 2500 });
    const rutXml = await peppol(rut.id);
    expect(one(block(rutXml, "cac:LegalMonetaryTotal"), "cbc:PrepaidAmount")).toBe("2500.00");
    expectTotals(rutXml, rut, 2500);
  });

  it("writes intra-EU goods as K (with delivery) and EU services as AE, with both VAT numbers", async () => {
    const de = await customer({
      name: "Kunde GmbH",
      customer_type: "eu_business",
      country: "DE",
      vat_number: "DE123456789",
      city: "Berlin",
      peppol_endpoint_id: { scheme: "9930", value: "DE123456789" },
    });
    const goods = await issued({
      customer_id: de.id,
      your_reference: "Einkauf",
      items: [{ description: "Maskin", quantity: 1, unit_price: 10000, supply_type: "goods" }],
    });
    expect(goods).toMatchObject({ vat_amount: 0, total: 10000 });
    const xml = await peppol(goods.id);
    expectPeppolShell(xml, goods);
    expect(breakdown(xml)).toEqual([["K", "0", "10000.00", "0.00", "VATEX-EU-IC"]]);
    expect(one(block(xml, "cac:Delivery"), "cbc:ActualDeliveryDate")).toBe(goods.invoice_date);
    expect(one(block(xml, "cac:Delivery"), "cbc:IdentificationCode")).toBe("DE");
    expect(all(block(xml, "cac:AccountingSupplierParty"), "cbc:CompanyID")).toContain("SE556016068001");
    expect(all(block(xml, "cac:AccountingCustomerParty"), "cbc:CompanyID")).toContain("DE123456789");
    expect(attrs(block(xml, "cac:AccountingCustomerParty"), "cbc:EndpointID").schemeID).toBe("9930");
    expectTotals(xml, goods, 10000);

    const services = await issued({
      customer_id: de.id,
      your_reference: "Einkauf",
      items: [{ description: "Rådgivning", quantity: 4, unit: "h", unit_price: 1500, supply_type: "services" }],
    });
    const sx = await peppol(services.id);
    expect(breakdown(sx)).toEqual([["AE", "0", "6000.00", "0.00", "VATEX-EU-AE"]]);
    expect(sx).not.toContain("cac:Delivery");
    expectTotals(sx, services, 6000);
  });

  it("writes export goods as G, and refuses services outside the scope mixed with them (BR-O-11)", async () => {
    const no = await customer({
      name: "Equinor ASA",
      customer_type: "swedish_business",
      country: "NO",
      org_number: "923609016",
      city: "Stavanger",
      peppol_endpoint_id: { scheme: "0192", value: "923609016" },
    });
    const exp = await issued({
      customer_id: no.id,
      order_reference: "4500012345",
      items: [{ description: "Pump", quantity: 2, unit: "st", unit_price: 2500, supply_type: "goods" }],
    });
    const xml = await peppol(exp.id);
    expectPeppolShell(xml, exp);
    expect(breakdown(xml)).toEqual([["G", "0", "5000.00", "0.00", "VATEX-EU-G"]]);
    // an order reference alone satisfies PEPPOL-EN16931-R003
    expect(xml).not.toContain("BuyerReference");
    expect(one(block(xml, "cac:OrderReference"), "cbc:ID")).toBe("4500012345");
    expectTotals(xml, exp, 5000);

    const outside = await issued({
      customer_id: no.id,
      order_reference: "4500012346",
      items: [{ description: "Konsult", quantity: 1, unit_price: 3000, supply_type: "services" }],
    });
    const ox = await peppol(outside.id);
    expect(breakdown(ox)).toEqual([["O", undefined, "3000.00", "0.00", "VATEX-EU-O"]]);
    // BR-O-02: a document with category O carries no VAT numbers
    expect(ox).not.toContain("<cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>");
    expect(all(block(ox, "cac:AccountingSupplierParty"), "cbc:CompanyID")).not.toContain("SE556016068001");

    const mixed = await issued({
      customer_id: no.id,
      order_reference: "4500012347",
      items: [
        { description: "Pump", quantity: 1, unit_price: 2500, supply_type: "goods" },
        { description: "Installation", quantity: 1, unit_price: 1000, supply_type: "services" },
      ],
    });
    const refused = await call("GET", url(`/invoices/${mixed.id}/peppol`), { key: f.actor.key });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("INVOICE_PEPPOL_VAT_CATEGORIES_MIXED");
  });

  it("writes a domestic sale exempt from VAT as E with the reason", async () => {
    const inv = await issued({
      customer_id: domestic.id,
      your_reference: "Vård",
      items: [{ description: "Tandvård", quantity: 1, unit_price: 800, vat_rate: 0 }],
    });
    const xml = await peppol(inv.id);
    const rows = breakdown(xml);
    expect(rows).toEqual([["E", "0", "800.00", "0.00", undefined]]);
    expect(one(block(xml, "cac:TaxSubtotal"), "cbc:TaxExemptionReason")).toContain("mervärdesskattelagen");
    expectTotals(xml, inv, 800);
  });

  it("writes a EUR invoice with its VAT in SEK as booked (BR-53) and only the IBAN to pay to", async () => {
    const inv = await issued({
      customer_id: domestic.id,
      your_reference: "ABC123",
      currency: "EUR",
      items: [{ description: "Licens", unit_price: 100, vat_rate: 0.25 }],
    });
    // EUR at the fake Riksbank's 11.2345: 125 EUR = 1 404.31 SEK
    expect(inv).toMatchObject({ currency: "EUR", total: 125, total_sek: 1404.31 });
    const xml = await peppol(inv.id);
    expectPeppolShell(xml, inv);
    expect(one(xml, "cbc:DocumentCurrencyCode")).toBe("EUR");
    expect(one(xml, "cbc:TaxCurrencyCode")).toBe("SEK");
    expectTotals(xml, inv, 125);
    const taxTotals = [...xml.matchAll(/<cac:TaxTotal>([\s\S]*?)<\/cac:TaxTotal>/g)].map((m) => m[1]);
    expect(taxTotals).toHaveLength(2);
    expect(attrs(taxTotals[0], "cbc:TaxAmount").currencyID).toBe("EUR");
    expect(taxTotals[1]).not.toContain("TaxSubtotal");
    expect(attrs(taxTotals[1], "cbc:TaxAmount").currencyID).toBe("SEK");
    const entry = await entryLines(f.actor.key, f.companyId, inv.journal_entry_id);
    expect(one(taxTotals[1], "cbc:TaxAmount")).toBe(money(entry["2611"][1]));
    // giro and OCR are Swedish clearing in SEK: in EUR the IBAN, quoting the invoice number
    expect(all(xml, "cbc:PaymentID")).toEqual([inv.invoice_number]);
    expect(xml).not.toContain("SE:BANKGIRO");
  });
});

describe("a seller not registered for VAT", () => {
  it("writes every line as O, outside the scope of VAT, with no VAT number and the F-skatt text", async () => {
    const sole = await newCompany(f.actor.key, {
      name: "Anna Andersson",
      entity_type: "enskild_firma",
      org_number: "19811218-9876",
      vat_registered: false,
      moms_period: undefined,
      first_fiscal_year: undefined,
      fiscal_year_start_month: 1,
    });
    const u = (p: string) => `/api/v1/companies/${sole.id}${p}`;
    const c = await write(f.actor.key, "POST", u("/customers"), {
      name: "Kund AB",
      customer_type: "swedish_business",
      org_number: "556677-8899",
    });
    const created = await write(f.actor.key, "POST", u("/invoices"), {
      customer_id: c.body.data.id,
      // today: the sole trader's calendar year always holds it
      invoice_date: day(0),
      your_reference: "Per",
      items: [{ description: "Hundpassning", quantity: 2, unit: "dag", unit_price: 400 }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const inv = (await write(f.actor.key, "POST", u(`/invoices/${created.body.data.id}/mark-sent`))).body.data;
    expect(inv).toMatchObject({ vat_amount: 0, total: 800 });
    const res = await call("GET", u(`/invoices/${inv.id}/peppol`), { key: f.actor.key });
    expect(res.status).toBe(200);
    const xml = res.body as string;
    expectValid(xml);
    expect(breakdown(xml)).toEqual([["O", undefined, "800.00", "0.00", "VATEX-EU-O"]]);
    const seller = block(xml, "cac:AccountingSupplierParty");
    // a sole trader's organisation number is the personnummer: ten digits, Luhn-valid (SE-R-003/004/013)
    expect(one(seller, "cbc:EndpointID")).toBe("8112189876");
    expect(all(seller, "cbc:CompanyID")).toEqual(["Godkänd för F-skatt", "8112189876"]);
    expect(xml).not.toContain("<cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>");
    expectTotals(xml, inv, 800);
  });
});

describe("refusals", () => {
  it("refuses a draft (409) and an invoice without any buyer or order reference (422)", async () => {
    const c = await customer({ name: "Ref AB", customer_type: "swedish_business", org_number: "556677-8899" });
    const draft = await write(f.actor.key, "POST", url("/invoices"), {
      customer_id: c.id,
      your_reference: "X",
      items: [{ description: "Tjänst", unit_price: 100 }],
    });
    const res = await call("GET", url(`/invoices/${draft.body.data.id}/peppol`), { key: f.actor.key });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("INVOICE_PEPPOL_NOT_ISSUED");

    const noRef = await issued({ customer_id: c.id, items: [{ description: "Tjänst", unit_price: 100 }] });
    const refused = await call("GET", url(`/invoices/${noRef.id}/peppol`), { key: f.actor.key });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("INVOICE_PEPPOL_BUYER_REFERENCE_MISSING");
  });

  it("refuses a customer it cannot address (no endpoint id, no Swedish organisation number)", async () => {
    const person = await customer({ name: "Bo Ek", customer_type: "individual" });
    const inv = await issued({
      customer_id: person.id,
      your_reference: "Bo",
      items: [{ description: "X", unit_price: 1 }],
    });
    const res = await call("GET", url(`/invoices/${inv.id}/peppol`), { key: f.actor.key });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      code: "INVOICE_PEPPOL_BUYER_ENDPOINT_MISSING",
      details: { customer_id: person.id },
    });
  });
});

describe("the customer's Peppol address", () => {
  it("checks the endpoint id by its scheme, stores it normalised, and refuses e_invoice without one", async () => {
    const ok = await customer({
      name: "Org AB",
      customer_type: "swedish_business",
      peppol_endpoint_id: { scheme: "0007", value: "556123-4567" },
      e_invoice: true,
    });
    expect(ok).toMatchObject({ peppol_endpoint_id: { scheme: "0007", value: "5561234567" }, e_invoice: true });
    const gln = await customer({
      name: "Gln AB",
      customer_type: "swedish_business",
      peppol_endpoint_id: { scheme: "0088", value: " 7359999000014 " },
    });
    expect(gln).toMatchObject({ peppol_endpoint_id: { scheme: "0088", value: "7359999000014" }, e_invoice: false });

    const before = (await call("GET", url("/customers?limit=100"), { key: f.actor.key })).body.data.length;
    for (const [endpoint, field] of [
      [{ scheme: "0007", value: "556123-4568" }, "peppol_endpoint_id"],
      [{ scheme: "0088", value: "7359999000015" }, "peppol_endpoint_id"],
      [{ scheme: "9955", value: "SE556123456701" }, "0007 with the organisation number"],
      [{ scheme: "1234", value: "x" }, "peppol_endpoint_id"],
    ] as const) {
      const res = await write(f.actor.key, "POST", url("/customers"), {
        name: "Fel AB",
        customer_type: "swedish_business",
        peppol_endpoint_id: endpoint,
      });
      expect(res.status, JSON.stringify(endpoint)).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
      expect(JSON.stringify(res.body.error.details)).toContain(field);
    }
    const noEndpoint = await write(f.actor.key, "POST", url("/customers"), {
      name: "Fel AB",
      customer_type: "swedish_business",
      e_invoice: true,
    });
    expect(noEndpoint.status).toBe(400);
    expect(JSON.stringify(noEndpoint.body.error.details)).toContain("e_invoice");
    expect((await call("GET", url("/customers?limit=100"), { key: f.actor.key })).body.data.length).toBe(before);

    // PATCH: clearing the address while e_invoice is on is refused; both off together is fine
    const clear = await write(f.actor.key, "PATCH", url(`/customers/${ok.id}`), { peppol_endpoint_id: null });
    expect(clear.status).toBe(400);
    const off = await write(f.actor.key, "PATCH", url(`/customers/${ok.id}`), {
      peppol_endpoint_id: null,
      e_invoice: false,
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data).toMatchObject({ peppol_endpoint_id: null, e_invoice: false });
  });
});
