// POST .../supplier-invoices/import-peppol: a supplier's Peppol BIS 3.0 e-invoice becomes a
// supplier invoice (docs/peppol.md, "In"). The documents are hand-written Swedish ones in
// the shape of OpenPeppol's examples (test/fixtures/peppol), dated inside the test company's year.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, call, companyFixture, countOf, day, entryLines, uniqueKey, write, yearAroundToday } from "../helpers";
import { booksDb } from "../books";

const f = companyFixture({ name: "Köpare AB", ...yearAroundToday() });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;

type Line = { net: string; category: string; percent: string; name: string };

/** A Peppol BIS 3.0 invoice from Leverantören AB (556016-0680, Bankgiro 5050-1055) to the test company. */
function invoiceXml(o: {
  number: string;
  lines: Line[];
  tax: { category: string; percent: string; taxable: string; amount: string; reason?: string }[];
  net: string;
  vat: string;
  total: string;
  payable?: string;
  ocr?: string;
  attachment?: { fileName: string; mime: string; bytes: string };
  issueDate?: string;
}) {
  const lines = o.lines
    .map(
      (l, i) => `<cac:InvoiceLine><cbc:ID>${i + 1}</cbc:ID><cbc:InvoicedQuantity unitCode="EA">1</cbc:InvoicedQuantity>
  <cbc:LineExtensionAmount currencyID="SEK">${l.net}</cbc:LineExtensionAmount>
  <cac:Item><cbc:Name>${l.name}</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>${l.category}</cbc:ID><cbc:Percent>${l.percent}</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item>
  <cac:Price><cbc:PriceAmount currencyID="SEK">${l.net}</cbc:PriceAmount></cac:Price></cac:InvoiceLine>`,
    )
    .join("\n");
  const subtotals = o.tax
    .map(
      (
        t,
      ) => `<cac:TaxSubtotal><cbc:TaxableAmount currencyID="SEK">${t.taxable}</cbc:TaxableAmount><cbc:TaxAmount currencyID="SEK">${t.amount}</cbc:TaxAmount>
  <cac:TaxCategory><cbc:ID>${t.category}</cbc:ID><cbc:Percent>${t.percent}</cbc:Percent>${t.reason ? `<cbc:TaxExemptionReason>${t.reason}</cbc:TaxExemptionReason>` : ""}<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>
<cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>
<cbc:ID>${o.number}</cbc:ID>
<cbc:IssueDate>${o.issueDate ?? day(-10)}</cbc:IssueDate>
<cbc:DueDate>${day(20)}</cbc:DueDate>
<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
<cbc:DocumentCurrencyCode>SEK</cbc:DocumentCurrencyCode>
<cbc:BuyerReference>Inköp 42</cbc:BuyerReference>
${o.attachment ? `<cac:AdditionalDocumentReference><cbc:ID>Faktura-PDF</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="${o.attachment.mime}" filename="${o.attachment.fileName}">${btoa(o.attachment.bytes)}</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>` : ""}
<cac:AccountingSupplierParty><cac:Party>
  <cbc:EndpointID schemeID="0007">5560160680</cbc:EndpointID>
  <cac:PartyName><cbc:Name>Leverantören</cbc:Name></cac:PartyName>
  <cac:PostalAddress><cbc:StreetName>Storgatan 1</cbc:StreetName><cbc:CityName>Stockholm</cbc:CityName><cbc:PostalZone>11122</cbc:PostalZone><cac:Country><cbc:IdentificationCode>SE</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
  <cac:PartyTaxScheme><cbc:CompanyID>SE556016068001</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
  <cac:PartyTaxScheme><cbc:CompanyID>Godkänd för F-skatt</cbc:CompanyID><cac:TaxScheme><cbc:ID>TAX</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
  <cac:PartyLegalEntity><cbc:RegistrationName>Leverantören AB</cbc:RegistrationName><cbc:CompanyID schemeID="0007">5560160680</cbc:CompanyID></cac:PartyLegalEntity>
</cac:Party></cac:AccountingSupplierParty>
<cac:AccountingCustomerParty><cac:Party>
  <cbc:EndpointID schemeID="0007">5561034249</cbc:EndpointID>
  <cac:PostalAddress><cbc:CityName>Göteborg</cbc:CityName><cac:Country><cbc:IdentificationCode>SE</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
  <cac:PartyTaxScheme><cbc:CompanyID>SE556103424901</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
  <cac:PartyLegalEntity><cbc:RegistrationName>Köpare AB</cbc:RegistrationName></cac:PartyLegalEntity>
</cac:Party></cac:AccountingCustomerParty>
<cac:PaymentMeans><cbc:PaymentMeansCode>30</cbc:PaymentMeansCode><cbc:PaymentID>${o.ocr ?? "4455667788"}</cbc:PaymentID>
  <cac:PayeeFinancialAccount><cbc:ID>50501055</cbc:ID><cac:FinancialInstitutionBranch><cbc:ID>SE:BANKGIRO</cbc:ID></cac:FinancialInstitutionBranch></cac:PayeeFinancialAccount></cac:PaymentMeans>
<cac:TaxTotal><cbc:TaxAmount currencyID="SEK">${o.vat}</cbc:TaxAmount>
${subtotals}
</cac:TaxTotal>
<cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="SEK">${o.net}</cbc:LineExtensionAmount><cbc:TaxExclusiveAmount currencyID="SEK">${o.net}</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="SEK">${o.total}</cbc:TaxInclusiveAmount><cbc:PayableAmount currencyID="SEK">${o.payable ?? o.total}</cbc:PayableAmount></cac:LegalMonetaryTotal>
${lines}
</Invoice>`;
}

/** The lines and sums of the domestic invoice and of its whole credit: 1 000 + 400 at 25 %, 350 VAT, 1 750 total. */
const DOMESTIC_AMOUNTS = {
  lines: [
    { name: "Konsulttjänst", net: "1000.00", category: "S", percent: "25" },
    { name: "Material", net: "400.00", category: "S", percent: "25" },
  ],
  tax: [{ category: "S", percent: "25", taxable: "1400.00", amount: "350.00" }],
  net: "1400.00",
  vat: "350.00",
  total: "1750.00",
};

/** 1 000 + 400 at 25 %: 350 VAT, 1 750 total. */
const domestic = (number: string) => invoiceXml({ number, ...DOMESTIC_AMOUNTS });

const importXml = (xml: string, headers: Record<string, string> = {}) =>
  call("POST", url("/supplier-invoices/import-peppol"), {
    key: f.actor.key,
    raw: xml,
    headers: { "Content-Type": "application/xml", "Idempotency-Key": uniqueKey(), ...headers },
  });

const stored = () =>
  Promise.all([
    countOf("SELECT COUNT(*) AS n FROM supplier_invoices WHERE company_id = ?", f.companyId),
    countOf("SELECT COUNT(*) AS n FROM journal_entries WHERE company_id = ?", f.companyId),
  ]);

let supplierReady: Promise<void> | null = null;
/** Leverantören AB, registered once, by organisation number, with 4010 as its default account. */
function leverantoren() {
  supplierReady ??= write(f.actor.key, "POST", url("/suppliers"), {
    name: "Leverantören AB",
    supplier_type: "swedish_business",
    org_number: "556016-0680",
    default_expense_account: "4010",
  }).then((r) => expect(r.status).toBe(201));
  return supplierReady;
}

describe("importing a supplier's Peppol e-invoice", () => {
  it("registers a domestic 25 % invoice: its lines, VAT, OCR, and the entry equal the document", async () => {
    await leverantoren();
    const res = await importXml(domestic("LEV-1001"));
    expect(res.status).toBe(201);
    const si = res.body.data;
    expect(si).toMatchObject({
      supplier_invoice_number: "LEV-1001",
      invoice_date: day(-10),
      due_date: day(20),
      currency: "SEK",
      subtotal: 1400,
      vat_amount: 350,
      total: 1750,
      payment_reference: "4455667788",
    });
    expect(si.notes).toContain("50501055");
    expect(await entryLines(f.actor.key, f.companyId, si.registration_journal_entry_id)).toEqual({
      "4010": [1400, 0],
      "2641": [350, 0],
      "2440": [0, 1750],
    });
  });

  it("archives an embedded attachment as a document linked to the registration entry", async () => {
    await leverantoren();
    const pdf = "%PDF-1.4\n% the seller's invoice\n%%EOF\n";
    const xml = invoiceXml({
      number: "LEV-PDF-1",
      lines: [{ name: "Konsulttjänst", net: "1000.00", category: "S", percent: "25" }],
      tax: [{ category: "S", percent: "25", taxable: "1000.00", amount: "250.00" }],
      net: "1000.00",
      vat: "250.00",
      total: "1250.00",
      attachment: { fileName: "LEV-PDF-1.pdf", mime: "application/pdf", bytes: pdf },
    });
    const res = await importXml(xml);
    expect([res.status, res.body.error]).toEqual([201, undefined]);
    const entryId = res.body.data.registration_journal_entry_id;
    const docs = await call("GET", url(`/documents?journal_entry_id=${entryId}`), { key: f.actor.key });
    expect(docs.status).toBe(200);
    expect(docs.body.data).toHaveLength(1);
    expect(docs.body.data[0]).toMatchObject({
      file_name: "LEV-PDF-1.pdf",
      mime_type: "application/pdf",
      file_size_bytes: pdf.length,
      upload_source: "peppol",
      journal_entry_id: entryId,
    });
    const file = await env.DOCUMENTS.get(`companies/${f.companyId}/documents/${docs.body.data[0].id}`);
    expect(await file?.text()).toBe(pdf);
  });

  it("takes the document as the file of a multipart form too", async () => {
    await leverantoren();
    const form = new FormData();
    form.append("file", new File([domestic("LEV-FORM-1")], "LEV-FORM-1.xml", { type: "application/xml" }));
    const res = await SELF.fetch(`${BASE}${url("/supplier-invoices/import-peppol")}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${f.actor.key}`, "Idempotency-Key": uniqueKey() },
      body: form,
    });
    const body = (await res.json()) as { data: { supplier_invoice_number: string; total: number } };
    expect(res.status).toBe(201);
    expect(body.data).toMatchObject({ supplier_invoice_number: "LEV-FORM-1", total: 1750 });
  });

  it("refuses the same document twice with SI_CREATE_DUPLICATE_INVOICE_NUMBER", async () => {
    await leverantoren();
    expect((await importXml(domestic("LEV-2002"))).status).toBe(201);
    const before = await stored();
    const again = await importXml(domestic("LEV-2002"));
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("SI_CREATE_DUPLICATE_INVOICE_NUMBER");
    expect(await stored()).toEqual(before);
  });

  it("books a Swedish seller's reverse charge (AE) as the create path does: 4425 and 2614/2647", async () => {
    await leverantoren();
    const xml = invoiceXml({
      number: "LEV-AE-1",
      lines: [{ name: "Byggtjänst", net: "10000.00", category: "AE", percent: "0" }],
      tax: [
        { category: "AE", percent: "0", taxable: "10000.00", amount: "0.00", reason: "Omvänd betalningsskyldighet" },
      ],
      net: "10000.00",
      vat: "0.00",
      total: "10000.00",
    });
    const res = await importXml(xml);
    expect([res.status, res.body.error]).toEqual([201, undefined]);
    expect(res.body.data).toMatchObject({ subtotal: 10000, vat_amount: 0, total: 10000 });
    expect(await entryLines(f.actor.key, f.companyId, res.body.data.registration_journal_entry_id)).toEqual({
      "4425": [10000, 0],
      "2647": [2500, 0],
      "2614": [0, 2500],
      "2440": [0, 10000],
    });
  });

  it("refuses a document that breaks a fatal rule with the rules' ids, and stores nothing", async () => {
    await leverantoren();
    const before = await stored();
    const bad = domestic("LEV-BAD").replace(
      '<cbc:TaxInclusiveAmount currencyID="SEK">1750.00',
      '<cbc:TaxInclusiveAmount currencyID="SEK">1700.00',
    );
    const res = await importXml(bad);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("PEPPOL_VALIDATION_FAILED");
    const ids = res.body.error.details.rules.map((r: { id: string }) => r.id);
    expect(ids).toContain("BR-CO-15");
    expect(res.body.error.details.rules[0].text).toMatch(/^\[/);
    expect(await stored()).toEqual(before);
  });

  it("refuses a seller no supplier has, a body that is not XML and one that is not sent as XML", async () => {
    const unknown = domestic("X-1").replaceAll("5560160680", "5560000167").replace("SE556016068001", "SE556000016701");
    const res = await importXml(unknown);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("PEPPOL_SUPPLIER_NOT_FOUND");
    expect(res.body.error.details).toMatchObject({ org_number: "556000-0167", vat_number: "SE556000016701" });

    const notXml = await importXml("<Invoice>");
    expect(notXml.status).toBe(400);
    expect(notXml.body.error.details.body).toBe("not_xml");
    const json = await call("POST", url("/supplier-invoices/import-peppol"), {
      key: f.actor.key,
      body: {},
      headers: { "Idempotency-Key": uniqueKey() },
    });
    expect(json.status).toBe(400);
    expect(json.body.error.details.header).toBe("Content-Type");
  });

  it("with ?create_supplier=true registers an unknown Swedish seller in the same write, on 6990", async () => {
    const other = (number: string, issueDate?: string) =>
      invoiceXml({
        number,
        lines: [{ name: "Städning", net: "800.00", category: "S", percent: "25" }],
        tax: [{ category: "S", percent: "25", taxable: "800.00", amount: "200.00" }],
        net: "800.00",
        vat: "200.00",
        total: "1000.00",
        issueDate,
      })
        .replaceAll("5560160680", "5560000167")
        .replace("SE556016068001", "SE556000016701");
    const suppliers = () => countOf("SELECT COUNT(*) AS n FROM suppliers WHERE company_id = ?", f.companyId);
    const before = await suppliers();
    // refused by the create command (a date in no fiscal period): neither the supplier nor the invoice is stored
    const outside = await call("POST", url("/supplier-invoices/import-peppol?create_supplier=true"), {
      key: f.actor.key,
      raw: other("STAD-0", "2001-01-15"),
      headers: { "Content-Type": "application/xml", "Idempotency-Key": uniqueKey() },
    });
    expect(outside.status).toBeGreaterThanOrEqual(400);
    expect(await suppliers()).toBe(before);

    const res = await call("POST", url("/supplier-invoices/import-peppol?create_supplier=true"), {
      key: f.actor.key,
      raw: other("STAD-1"),
      headers: { "Content-Type": "application/xml", "Idempotency-Key": uniqueKey() },
    });
    expect([res.status, res.body.error]).toEqual([201, undefined]);
    expect(await suppliers()).toBe(before + 1);
    const supplier = await call("GET", url(`/suppliers/${res.body.data.supplier_id}`), { key: f.actor.key });
    expect(supplier.body.data).toMatchObject({
      name: "Leverantören AB",
      supplier_type: "swedish_business",
      org_number: "556000-0167",
      vat_number: "SE556000016701",
    });
    expect(await entryLines(f.actor.key, f.companyId, res.body.data.registration_journal_entry_id)).toEqual({
      "6990": [800, 0],
      "2641": [200, 0],
      "2440": [0, 1000],
    });
    // the next document of that seller finds it
    expect((await importXml(other("STAD-2"))).status).toBe(201);
    expect(await suppliers()).toBe(before + 1);
  });

  it("a dry run answers the invoice and stores nothing", async () => {
    await leverantoren();
    const before = await stored();
    const res = await importXml(domestic("LEV-DRY"), { "X-Dry-Run": "true" });
    expect(res.status).toBe(201);
    expect(res.body.meta.dry_run).toBe(true);
    expect(res.body.data.total).toBe(1750);
    expect(await stored()).toEqual(before);
    expect((await importXml(domestic("LEV-DRY"))).status).toBe(201);
  });
});

/**
 * The supplier's UBL CreditNote (shape of OpenPeppol's base-creditnote-correction.xml): the
 * invoice document turned into a credit note, naming the corrected invoice in BillingReference.
 */
function creditNoteXml(o: Parameters<typeof invoiceXml>[0] & { corrects: string | null }) {
  const billing = o.corrects
    ? `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${o.corrects}</cbc:ID></cac:InvoiceDocumentReference></cac:BillingReference>`
    : "";
  return invoiceXml({ issueDate: day(-5), ...o })
    .replace("xsd:Invoice-2", "xsd:CreditNote-2")
    .replace("<Invoice ", "<CreditNote ")
    .replace("</Invoice>", "</CreditNote>")
    .replace(/<cbc:DueDate>.*<\/cbc:DueDate>\n/, "")
    .replace("<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>", "<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>")
    .replace(
      "<cbc:BuyerReference>Inköp 42</cbc:BuyerReference>",
      `<cbc:BuyerReference>Inköp 42</cbc:BuyerReference>${billing}`,
    )
    .replaceAll("cac:InvoiceLine>", "cac:CreditNoteLine>")
    .replaceAll("<cbc:InvoicedQuantity", "<cbc:CreditedQuantity")
    .replaceAll("</cbc:InvoicedQuantity>", "</cbc:CreditedQuantity>");
}

/** A credit note of the whole domestic() invoice: 1 000 + 400 at 25 %, 350 VAT, 1 750. */
const wholeCredit = (number: string, corrects: string | null) =>
  creditNoteXml({ number, corrects, ...DOMESTIC_AMOUNTS });

/** Konsulttjänst 1 000 at 25 % and Livsmedel 300 at 12 %: VAT 250 + 36, total 1 586. */
const mixed = (number: string) =>
  invoiceXml({
    number,
    lines: [
      { name: "Konsulttjänst", net: "1000.00", category: "S", percent: "25" },
      { name: "Livsmedel", net: "300.00", category: "S", percent: "12" },
    ],
    tax: [
      { category: "S", percent: "25", taxable: "1000.00", amount: "250.00" },
      { category: "S", percent: "12", taxable: "300.00", amount: "36.00" },
    ],
    net: "1300.00",
    vat: "286.00",
    total: "1586.00",
  });

/** A partial credit of mixed(): 200 of Konsulttjänst and 100 of Livsmedel (VAT 50 + 12, total 362). */
const partialCredit = (number: string, corrects: string) =>
  creditNoteXml({
    number,
    corrects,
    lines: [
      { name: "Konsulttjänst", net: "200.00", category: "S", percent: "25" },
      { name: "Prisavdrag livsmedel", net: "100.00", category: "S", percent: "12" },
    ],
    tax: [
      { category: "S", percent: "25", taxable: "200.00", amount: "50.00" },
      { category: "S", percent: "12", taxable: "100.00", amount: "12.00" },
    ],
    net: "300.00",
    vat: "62.00",
    total: "362.00",
  });

describe("importing a supplier's Peppol credit note", () => {
  it("credits the whole invoice it corrects: 2440, 2641 and the cost account back to zero", async () => {
    await leverantoren();
    const inv = await importXml(domestic("LEV-K-1"));
    expect(inv.status).toBe(201);
    const res = await importXml(wholeCredit("KN-1", "LEV-K-1"));
    expect([res.status, res.body.error]).toEqual([201, undefined]);
    const data = res.body.data;
    expect(data).toMatchObject({
      kind: "credit_note",
      original_id: inv.body.data.id,
      credit_date: day(-5),
      total: -1750,
      credit_note: {
        is_credit_note: true,
        subtotal: -1400,
        vat_amount: -350,
        total: -1750,
        notes: "Peppol kreditnota KN-1",
      },
      original: { status: "credited" },
    });
    expect(await entryLines(f.actor.key, f.companyId, data.registration_journal_entry_id)).toEqual({
      "4010": [0, 1400],
      "2641": [0, 350],
      "2440": [1750, 0],
    });
    // the registration and the credit together: each account nets to zero
    const net = await booksDb
      .prepare(
        `SELECT l.account_number AS a, SUM(l.debit_ore) - SUM(l.credit_ore) AS n FROM journal_lines l
       WHERE l.journal_entry_id IN (?, ?) GROUP BY l.account_number`,
      )
      .bind(inv.body.data.registration_journal_entry_id, data.registration_journal_entry_id)
      .all<{ a: string; n: number }>();
    expect(net.results.map((r) => [r.a, r.n]).sort()).toEqual([
      ["2440", 0],
      ["2641", 0],
      ["4010", 0],
    ]);
  });

  it("archives the credit note's PDF on the credit's entry, replays an Idempotency-Key, and re-imports after a reversal", async () => {
    await leverantoren();
    expect((await importXml(domestic("LEV-K-9"))).status).toBe(201);
    const pdf = "%PDF-1.4\n% the seller's credit note\n%%EOF\n";
    const xml = creditNoteXml({
      number: "KN-9",
      corrects: "LEV-K-9",
      ...DOMESTIC_AMOUNTS,
      attachment: { fileName: "KN-9.pdf", mime: "application/pdf", bytes: pdf },
    });
    const key = uniqueKey();
    const res = await importXml(xml, { "Idempotency-Key": key });
    expect([res.status, res.body.error]).toEqual([201, undefined]);
    const entryId = res.body.data.registration_journal_entry_id;
    const docs = await call("GET", url(`/documents?journal_entry_id=${entryId}`), { key: f.actor.key });
    expect(docs.body.data).toHaveLength(1);
    expect(docs.body.data[0]).toMatchObject({ file_name: "KN-9.pdf", upload_source: "peppol" });
    const file = await env.DOCUMENTS.get(`companies/${f.companyId}/documents/${docs.body.data[0].id}`);
    expect(await file?.text()).toBe(pdf);

    // the same key and body: the first answer again, nothing stored twice
    const before = await stored();
    const replay = await importXml(xml, { "Idempotency-Key": key });
    expect([replay.status, replay.body.data.credit_note_id]).toEqual([201, res.body.data.credit_note_id]);
    expect(await stored()).toEqual(before);

    // a credit reversed as registered by mistake no longer counts: the document can be imported again
    const { original_id, credit_note_id } = res.body.data;
    const undo = await write(
      f.actor.key,
      "POST",
      url(`/supplier-invoices/${original_id}/credits/${credit_note_id}/reverse`),
      {},
    );
    expect(undo.status).toBe(200);
    const again = await importXml(xml);
    expect([again.status, again.body.error]).toEqual([201, undefined]);
    expect(again.body.data.original.status).toBe("credited");
  });

  it("credits part of an invoice line by line at each VAT rate, with the entry of those figures", async () => {
    await leverantoren();
    const inv = await importXml(mixed("LEV-K-2"));
    expect(inv.status).toBe(201);
    const res = await importXml(partialCredit("KN-2", "LEV-K-2"));
    expect([res.status, res.body.error]).toEqual([201, undefined]);
    // Konsulttjänst matched by description: 200, VAT 1 000's 250 * 200/1 000 = 50; the 12 % line
    // has no item of its description, so it is spread over the 12 % item: 100, VAT 36 * 100/300 = 12
    const got = await call("GET", url(`/supplier-invoices/${inv.body.data.id}?expand=items`), { key: f.actor.key });
    const [konsult, livsmedel] = got.body.data.items;
    expect(
      res.body.data.credit_note.items.map((i: any) => [i.credited_item_id ?? null, i.amount, i.vat_amount]),
    ).toEqual([
      [konsult.id, -200, -50],
      [livsmedel.id, -100, -12],
    ]);
    expect(res.body.data.original).toMatchObject({ status: "registered", credited_amount: 362 });
    expect(await entryLines(f.actor.key, f.companyId, res.body.data.registration_journal_entry_id)).toEqual({
      "4010": [0, 300],
      "2641": [0, 62],
      "2440": [362, 0],
    });
  });

  it("refuses the same credit note twice with PEPPOL_CREDIT_NOTE_DUPLICATE, storing nothing", async () => {
    await leverantoren();
    expect((await importXml(mixed("LEV-K-3"))).status).toBe(201);
    expect((await importXml(partialCredit("KN-3", "LEV-K-3"))).status).toBe(201);
    const before = await stored();
    const again = await importXml(partialCredit("KN-3", "LEV-K-3"));
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("PEPPOL_CREDIT_NOTE_DUPLICATE");
    expect(again.body.error.details).toMatchObject({ credit_note_number: "KN-3" });
    expect(await stored()).toEqual(before);
  });

  it("refuses a credit note of an unknown invoice, or naming none, with nothing stored", async () => {
    await leverantoren();
    const before = await stored();
    const unknown = await importXml(wholeCredit("KN-4", "FINNS-INTE"));
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.code).toBe("PEPPOL_CREDITED_INVOICE_NOT_FOUND");
    expect(unknown.body.error.details).toMatchObject({ billing_reference: "FINNS-INTE" });
    const none = await importXml(wholeCredit("KN-5", null));
    expect(none.status).toBe(422);
    expect(none.body.error.code).toBe("PEPPOL_CREDITED_INVOICE_NOT_FOUND");
    expect(none.body.error.details.billing_reference).toBeNull();
    expect(await stored()).toEqual(before);
  });

  it("refuses a credit note larger than what is left at its VAT rate with PEPPOL_CREDIT_NOT_PLACEABLE", async () => {
    await leverantoren();
    expect((await importXml(mixed("LEV-K-6"))).status).toBe(201);
    const before = await stored();
    const tooMuch = creditNoteXml({
      number: "KN-6",
      corrects: "LEV-K-6",
      lines: [{ name: "Livsmedel", net: "400.00", category: "S", percent: "12" }],
      tax: [{ category: "S", percent: "12", taxable: "400.00", amount: "48.00" }],
      net: "400.00",
      vat: "48.00",
      total: "448.00",
    });
    const res = await importXml(tooMuch);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("PEPPOL_CREDIT_NOT_PLACEABLE");
    expect(res.body.error.details).toMatchObject({ vat_rate: 0.12, document_net: 400, left_to_credit: 300 });
    expect(await stored()).toEqual(before);
  });

  it("refuses a credit note that breaks a fatal rule with the rules' ids", async () => {
    await leverantoren();
    const before = await stored();
    const bad = wholeCredit("KN-7", "LEV-K-1").replace(
      '<cbc:TaxInclusiveAmount currencyID="SEK">1750.00',
      '<cbc:TaxInclusiveAmount currencyID="SEK">1700.00',
    );
    const res = await importXml(bad);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("PEPPOL_VALIDATION_FAILED");
    expect(res.body.error.details.rules.map((r: { id: string }) => r.id)).toContain("BR-CO-15");
    expect(await stored()).toEqual(before);
  });

  it("a dry run answers the credit and stores nothing; the same credit note is then imported", async () => {
    await leverantoren();
    expect((await importXml(domestic("LEV-K-8"))).status).toBe(201);
    const before = await stored();
    const dry = await importXml(wholeCredit("KN-8", "LEV-K-8"), { "X-Dry-Run": "true" });
    expect([dry.status, dry.body.meta?.dry_run]).toEqual([201, true]);
    expect(dry.body.data).toMatchObject({ kind: "credit_note", total: -1750 });
    expect(await stored()).toEqual(before);
    const real = await importXml(wholeCredit("KN-8", "LEV-K-8"));
    expect(real.status).toBe(201);
    expect(real.body.data.original.status).toBe("credited");
  });
});
