// Issue 12 items 3 and 4: an entry posted by an invoice or a supplier invoice is changed
// only through that document; the seller's address and contact details are stored and
// printed, and an issued invoice carries an OCR reference with its check digits.
import { SELF } from "cloudflare:test";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { isValidOcr, ocrWithLength } from "../../src/sweden/ocr";
import { BASE, call, companyFixture, day, write, yearAroundToday } from "../helpers";

const f = companyFixture({ name: "Dokument AB", ...yearAroundToday() });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;

async function sentInvoice(price = 1000) {
  const c = await write(f.actor.key, "POST", url("/customers"), {
    name: "Kund AB",
    customer_type: "swedish_business",
    address_line1: "Kundvägen 1",
    postal_code: "111 22",
    city: "Stockholm",
  });
  const inv = await write(f.actor.key, "POST", url("/invoices"), {
    customer_id: c.body.data.id,
    invoice_date: day(-3),
    items: [{ description: "Tjänst", unit_price: price }],
  });
  const sent = await write(f.actor.key, "POST", url(`/invoices/${inv.body.data.id}/mark-sent`));
  expect(sent.status).toBe(200);
  return sent.body.data;
}

describe("entries owned by a document", () => {
  it("refuses to reverse or correct an invoice's entry through the journal-entry routes, naming the invoice", async () => {
    const inv = await sentInvoice();
    const reverse = await write(f.actor.key, "POST", url(`/journal-entries/${inv.journal_entry_id}/reverse`), {});
    expect(reverse.status).toBe(409);
    expect(reverse.body.error).toMatchObject({
      code: "JOURNAL_ENTRY_OWNED_BY_DOCUMENT",
      details: { source_type: "invoice_sent", source_id: inv.id, document: "invoice" },
    });
    const correct = await write(f.actor.key, "POST", url(`/journal-entries/${inv.journal_entry_id}/correct`), {
      lines: [
        { account_number: "1510", debit_amount: 1, credit_amount: 0 },
        { account_number: "3001", debit_amount: 0, credit_amount: 1 },
      ],
    });
    expect(correct.status).toBe(409);
    expect(correct.body.error.code).toBe("JOURNAL_ENTRY_OWNED_BY_DOCUMENT");
    const entry = (await call("GET", url(`/journal-entries/${inv.journal_entry_id}`), { key: f.actor.key })).body.data;
    expect(entry.reversed_by_id).toBeNull();
    expect((await call("GET", url(`/invoices/${inv.id}`), { key: f.actor.key })).body.data.status).toBe("sent");

    const paid = await write(f.actor.key, "POST", url(`/invoices/${inv.id}/mark-paid`), {});
    const payReverse = await write(
      f.actor.key,
      "POST",
      url(`/journal-entries/${paid.body.data.journal_entry_id}/reverse`),
      {},
    );
    expect(payReverse.body.error).toMatchObject({
      code: "JOURNAL_ENTRY_OWNED_BY_DOCUMENT",
      details: { source_type: "invoice_paid", source_id: inv.id },
    });
  });

  it("refuses the same for a supplier invoice's registration", async () => {
    const s = await write(f.actor.key, "POST", url("/suppliers"), {
      name: "Lev AB",
      supplier_type: "swedish_business",
      default_expense_account: "4010",
    });
    const si = await write(f.actor.key, "POST", url("/supplier-invoices"), {
      supplier_id: s.body.data.id,
      supplier_invoice_number: "X-1",
      invoice_date: day(-2),
      items: [{ amount: 100 }],
    });
    const res = await write(
      f.actor.key,
      "POST",
      url(`/journal-entries/${si.body.data.registration_journal_entry_id}/reverse`),
      {},
    );
    expect(res.status).toBe(409);
    expect(res.body.error.details).toMatchObject({
      source_type: "supplier_invoice_registered",
      source_id: si.body.data.id,
      document: "supplier_invoice",
    });
  });
});

describe("the seller's particulars, payment terms and OCR", () => {
  it("stores the company's address and contact details through the settings route", async () => {
    const body = {
      address_line1: "Storgatan 1",
      postal_code: "123 45",
      city: "Malmö",
      phone: "+46 40 123 456",
      email: "faktura@dokument.se",
      website: "https://dokument.se",
      bankgiro: "5050-1055",
      late_payment_interest_rate: 0.1,
    };
    const res = await write(f.actor.key, "PATCH", url("/settings"), body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const company = (await call("GET", url(""), { key: f.actor.key })).body.data;
    expect(company.settings).toMatchObject({ ...body, country: "SE", vat_number: null });
    const bad = await write(f.actor.key, "PATCH", url("/settings"), { city: "Lund", postal_code: "x" });
    expect(bad.status).toBe(400);
    expect((await call("GET", url(""), { key: f.actor.key })).body.data.settings.city).toBe("Malmö");
  });

  it("gives an issued invoice an OCR reference with length and check digit, and prints the particulars", async () => {
    const inv = await sentInvoice(2000);
    const seq = Number(inv.invoice_number.replace(/^F/, ""));
    expect(inv.ocr_number).toBe(ocrWithLength(String(seq)));
    expect(isValidOcr(inv.ocr_number)).toBe(true);
    expect((await call("GET", url(`/invoices/${inv.id}`), { key: f.actor.key })).body.data.ocr_number).toBe(
      inv.ocr_number,
    );
    const pdf = await SELF.fetch(`${BASE}${url(`/invoices/${inv.id}/pdf`)}`, {
      headers: { Authorization: `Bearer ${f.actor.key}` },
    });
    expect(pdf.status).toBe(200);
    const doc = await PDFDocument.load(new Uint8Array(await pdf.arrayBuffer()));
    expect(doc.getPageCount()).toBe(1);
  });
});
