// Issue 29 item 5: an issued invoice does not change. Its PDF is archived in R2 when it is
// issued (mark-sent, send) and GET .../pdf serves that copy byte for byte; a ROT/RUT
// decision and payments show in the invoice's JSON, a credit on a credit note of its own.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, companyFixture, day, write, yearAroundToday } from "../helpers";

const f = companyFixture({ name: "Städ & Hem AB", ...yearAroundToday() });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;
const get = async (p: string) => (await call("GET", url(p), { key: f.actor.key })).body.data;

async function pdfOf(id: string): Promise<Uint8Array> {
  const res = await SELF.fetch(`http://localhost${url(`/invoices/${id}/pdf`)}`, {
    headers: { Authorization: `Bearer ${f.actor.key}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("application/pdf");
  return new Uint8Array(await res.arrayBuffer());
}

async function stored(documentId: string): Promise<Uint8Array> {
  const object = await env.DOCUMENTS.get(`companies/${f.companyId}/documents/${documentId}`);
  expect(object).not.toBeNull();
  return new Uint8Array(await object!.arrayBuffer());
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

describe("the issued invoice as a voucher", () => {
  it("serves the PDF archived at issue, unchanged by a RUT decision, payments and a credit", async () => {
    const customer = await write(f.actor.key, "POST", url("/customers"), {
      name: "Anna Andersson",
      customer_type: "individual",
      default_payment_terms: 30,
    });
    const created = await write(f.actor.key, "POST", url("/invoices"), {
      customer_id: customer.body.data.id,
      invoice_date: day(-10),
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
        { description: "Resa", quantity: 1, unit_price: 200, vat_rate: 0.25 },
      ],
      deduction_personnummer: [{ personnummer: "19840601-2388" }],
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    // a draft has no archived copy: it is rendered as it stands
    expect(created.body.data.pdf_document_id).toBeNull();
    await pdfOf(id);
    expect((await env.DOCUMENTS.list({ prefix: `companies/${f.companyId}/documents/` })).objects).toHaveLength(0);

    const sent = await write(f.actor.key, "POST", url(`/invoices/${id}/mark-sent`));
    expect(sent.status).toBe(200);
    const documentId = sent.body.data.pdf_document_id as string;
    expect(documentId).toEqual(expect.any(String));
    // labour 4 000 + 25 % = 5 000, RUT 50 % = 2 500; travel 250: the customer pays 2 750
    expect(sent.body.data).toMatchObject({ total: 5250, deduction_total: 2500, remaining_amount: 2750 });
    const issued = await pdfOf(id);
    // the stored object in R2 is what the route serves, and the archive knows it, linked to the sale's entry
    expect(sameBytes(issued, await stored(documentId))).toBe(true);
    const doc = await get(`/documents/${documentId}`);
    expect(doc).toMatchObject({
      upload_source: "invoice_issue",
      journal_entry_id: sent.body.data.journal_entry_id,
      file_name: `faktura-${sent.body.data.invoice_number}.pdf`,
      immutable: true,
    });

    // the customer pays their part, the claim is decided in part (2 000 of 2 500), the customer pays the rest
    const paid = await write(f.actor.key, "POST", url(`/invoices/${id}/mark-paid`), { payment_date: day(-5) });
    expect(paid.status).toBe(200);
    const claim = await write(f.actor.key, "POST", url("/rot-rut/claims"), { invoice_ids: [id] });
    expect(claim.status).toBe(201);
    const decided = await write(f.actor.key, "POST", url(`/rot-rut/claims/${claim.body.data[0].id}/decision`), {
      approved_amount: 2000,
      decision_date: day(-1),
    });
    expect(decided.status).toBe(200);
    // the decision is visible in the invoice's JSON ...
    expect(await get(`/invoices/${id}`)).toMatchObject({
      status: "partially_paid",
      deduction_total: 2000,
      remaining_amount: 500,
      pdf_document_id: documentId,
    });
    const rest = await write(f.actor.key, "POST", url(`/invoices/${id}/mark-paid`), { payment_date: day(0) });
    expect(rest.status).toBe(200);
    expect(rest.body.data).toMatchObject({ status: "paid", remaining_amount: 0 });
    // ... and the PDF is the one the customer received, byte for byte
    expect(sameBytes(await pdfOf(id), issued)).toBe(true);

    // a credit is a document of its own, archived when issued; the original's PDF stays as it was
    const credit = await write(f.actor.key, "POST", url(`/invoices/${id}/credit`), {
      reason: "Resan debiterades fel",
      credit_date: day(0),
      items: [{ item_id: created.body.data.items[1].id }],
    });
    expect(credit.status).toBe(201);
    const creditDoc = credit.body.data.pdf_document_id as string;
    expect(creditDoc).toEqual(expect.any(String));
    expect(creditDoc).not.toBe(documentId);
    const creditPdf = await pdfOf(credit.body.data.id);
    expect(sameBytes(creditPdf, await stored(creditDoc))).toBe(true);
    expect(sameBytes(creditPdf, issued)).toBe(false);
    expect(await get(`/documents/${creditDoc}`)).toMatchObject({
      upload_source: "credit_note",
      journal_entry_id: credit.body.data.journal_entry_id,
    });
    expect(sameBytes(await pdfOf(id), issued)).toBe(true);
    expect((await env.DOCUMENTS.list({ prefix: `companies/${f.companyId}/documents/` })).objects).toHaveLength(2);
  });

  it("a dry-run of mark-sent archives nothing", async () => {
    const customer = await write(f.actor.key, "POST", url("/customers"), {
      name: "Kund AB",
      customer_type: "swedish_business",
    });
    const created = await write(f.actor.key, "POST", url("/invoices"), {
      customer_id: customer.body.data.id,
      items: [{ description: "Tjänst", unit_price: 100 }],
    });
    const before = (await env.DOCUMENTS.list({ prefix: `companies/${f.companyId}/documents/` })).objects.length;
    const dry = await write(f.actor.key, "POST", url(`/invoices/${created.body.data.id}/mark-sent`), undefined, {
      "X-Dry-Run": "true",
    });
    expect(dry.status).toBe(200);
    expect((await env.DOCUMENTS.list({ prefix: `companies/${f.companyId}/documents/` })).objects).toHaveLength(before);
    expect((await get(`/invoices/${created.body.data.id}`)).pdf_document_id).toBeNull();
  });
});
