// Issue 29 "Smaller": an invoice to a customer abroad prints in English with the
// country's name (the Swedish seller's too), a Swedish customer's stays Swedish with
// its letters, and an invoice in a currency other than SEK asks for a transfer to the
// IBAN quoting the invoice number, never for Bankgiro and an OCR reference.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, companyFixture, day, write, yearAroundToday } from "../helpers";
import { pdfText } from "../pdf-text";

const f = companyFixture({ name: "Fjällräven Export AB", ...yearAroundToday() });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;

async function pdfOf(invoiceId: string): Promise<string> {
  const res = await SELF.fetch(`${BASE}${url(`/invoices/${invoiceId}/pdf`)}`, {
    headers: { Authorization: `Bearer ${f.actor.key}` },
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(res.status).toBe(200);
  return pdfText(bytes);
}

async function issuedInvoice(customer: Record<string, unknown>, invoice: Record<string, unknown> = {}) {
  const c = await write(f.actor.key, "POST", url("/customers"), { default_payment_terms: 30, ...customer });
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  const created = await write(f.actor.key, "POST", url("/invoices"), {
    customer_id: c.body.data.id,
    invoice_date: day(-3),
    items: [{ description: "Konsulttjänst", quantity: 2.5, unit: "h", unit_price: 1200 }],
    ...invoice,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const sent = await write(f.actor.key, "POST", url(`/invoices/${created.body.data.id}/mark-sent`));
  expect(sent.status).toBe(200);
  return sent.body.data as { id: string; invoice_number: string; ocr_number: string | null };
}

const NORWAY = {
  name: "Nordlys Øst AS",
  customer_type: "swedish_business",
  country: "NO",
  org_number: "923609016",
  address_line1: "Forusbeen 50",
  postal_code: "4035",
  city: "Stavanger",
};

describe("the language and payment details of an invoice", () => {
  it("sets up the seller's address and payment details", async () => {
    const res = await write(f.actor.key, "PATCH", url("/settings"), {
      address_line1: "Storgatan 1",
      postal_code: "903 26",
      city: "Umeå",
      bankgiro: "5050-1055",
      iban: "SE4550000000058398257466",
      bic: "ESSESESS",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it("prints an invoice to a Norwegian customer in English with Norway and Sweden by name", async () => {
    const inv = await issuedInvoice(NORWAY);
    const text = await pdfOf(inv.id);
    for (const s of [
      "INVOICE",
      "Invoice number",
      "Invoice date",
      "Due date",
      "Customer",
      "Description",
      "Unit price",
      "Amount excl. VAT",
      "Amount due SEK",
      "30 days net",
      "Norway",
      "Sweden",
      "Nordlys Øst AS",
      "Umeå",
      "3,000.00",
      "Page 1 of 1",
    ])
      expect(text, s).toContain(s);
    for (const s of ["Fakturadatum", "Förfallodatum", "Att betala", "Beskrivning", "Sida 1"])
      expect(text, s).not.toContain(s);
    // a SEK invoice can still be paid to the bankgiro with its OCR reference
    expect(text).toContain("Bankgiro 5050-1055");
    expect(text).toContain(`Quote OCR reference ${inv.ocr_number} when paying`);
  });

  it("asks for the IBAN and the invoice number, not Bankgiro and OCR, on a EUR invoice", async () => {
    const inv = await issuedInvoice(
      { ...NORWAY, name: "Nordlys Vest AS", org_number: "984851006" },
      { currency: "EUR", exchange_rate: "11.2345" },
    );
    const text = await pdfOf(inv.id);
    expect(text).toContain("IBAN SE4550000000058398257466 BIC ESSESESS");
    expect(text).toContain(`Quote invoice number ${inv.invoice_number} when paying`);
    expect(text).toContain("Amount due EUR");
    expect(text).not.toContain("Bankgiro");
    expect(text).not.toContain("OCR");
  });

  it("keeps a Swedish customer's invoice in Swedish, with its letters, Bankgiro and OCR", async () => {
    const inv = await issuedInvoice({
      name: "Åkeri Östergötland AB",
      customer_type: "swedish_business",
      address_line1: "Hamngatan 4",
      postal_code: "602 22",
      city: "Norrköping",
    });
    const text = await pdfOf(inv.id);
    for (const s of [
      "FAKTURA",
      "Fakturanummer",
      "Förfallodatum",
      "Åkeri Östergötland AB",
      "Belopp exkl. moms",
      "Moms 25 % på 3 000,00",
      "Att betala SEK",
      "30 dagar netto",
      "Bankgiro 5050-1055",
      `Ange OCR-nummer ${inv.ocr_number} vid betalning`,
      "2,5 h",
      "Sida 1 av 1",
    ])
      expect(text, s).toContain(s);
    for (const s of ["Invoice", "Sweden", "Sverige"]) expect(text, s).not.toContain(s);
  });
});
