// Issue #43: supplier invoices and receipts read from their PDF. Through the Worker: upload a PDF
// made by another program (test/fixtures/pdf/README.md), read it into a proposal, check each
// field against the document, register the supplier invoice from it and check the books; totals
// that do not add up are flagged and refused until corrected; a scan is refused; a receipt is
// drafted as an entry and offered the bank row that paid it.
import { env, SELF } from "cloudflare:test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { FILE_LIMITS } from "../../src/formats/limits";
import { BASE, call, companyFixture, countOf, entryLines, uniqueKey, write } from "../helpers";

const f = companyFixture({ name: "Läsaren AB" });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;

const fixture = (name: string) => {
  const b64 = env.TEST_PDF_FIXTURES[name];
  if (!b64) throw new Error(`no PDF fixture ${name}`);
  return Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
};

async function upload(bytes: Uint8Array, name = "faktura.pdf", type = "application/pdf") {
  const form = new FormData();
  form.append("file", new File([bytes], name, { type }));
  const res = await SELF.fetch(`${BASE}${url("/documents")}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${f.actor.key}`, "Idempotency-Key": uniqueKey() },
    body: form,
  });
  const body = (await res.json()) as any;
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.data.id as string;
}

const read = (docId: string, kind = "supplier_invoice", headers: Record<string, string> = {}) =>
  write(f.actor.key, "POST", url(`/documents/${docId}/read`), { kind }, headers);

async function supplier(body: Record<string, unknown>) {
  const res = await write(f.actor.key, "POST", url("/suppliers"), { supplier_type: "swedish_business", ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}

const values = (fields: Record<string, { value: unknown }>) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.value]));

describe("a Swedish supplier invoice made by LibreOffice Writer", () => {
  it("is read field by field, matched by org number, registered with its PDF, and booked 4010/2641/2440", async () => {
    const supplierId = await supplier({
      name: "Byggvaror i Norrland AB",
      org_number: "556036-0793",
      default_expense_account: "4010",
    });
    const docId = await upload(fixture("libreoffice-faktura-sv.pdf"));
    const res = await read(docId);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const p = res.body.data;
    expect(values(p.fields)).toEqual({
      invoice_number: "20260417",
      invoice_date: "2026-03-02",
      due_date: "2026-04-01",
      net: 5500,
      vat_25: 1250,
      vat_6: 30,
      total: 6780,
      ocr: "2026041703",
      bankgiro: "5050-1055",
      org_number: "556036-0793",
      vat_number: "SE556036079301",
      currency: "SEK",
    });
    expect(p.fields.total).toMatchObject({ page: 1, line: "Att betala SEK  6 780,00", confidence: 0.95 });
    expect(p.fields.ocr).toMatchObject({ label: "OCR", confidence: 0.95 });
    expect(p.fields.invoice_number).toMatchObject({ label: "Fakturanummer", confidence: 0.8 });
    expect(p).toMatchObject({
      kind: "supplier_invoice",
      status: "proposed",
      pages: 1,
      warnings: [],
      missing: [],
      supplier: { id: supplierId, name: "Byggvaror i Norrland AB", matched_by: "org_number" },
    });

    // a dry run registers nothing
    const dry = await write(
      f.actor.key,
      "POST",
      url(`/document-proposals/${p.id}/register`),
      {},
      { "X-Dry-Run": "true" },
    );
    expect(dry.status, JSON.stringify(dry.body)).toBe(201);
    expect(dry.body.meta.dry_run).toBe(true);
    expect((await call("GET", url(`/document-proposals/${p.id}`), { key: f.actor.key })).body.data.status).toBe(
      "proposed",
    );

    const ik = uniqueKey();
    const reg = await write(
      f.actor.key,
      "POST",
      url(`/document-proposals/${p.id}/register`),
      {},
      { "Idempotency-Key": ik },
    );
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    const si = reg.body.data.supplier_invoice;
    // the figures of the document: 3 800 + 1 200 at 25 %, 500 at 6 %
    const net25 = 3800 + 1200;
    const net6 = 500;
    const vat = net25 * 0.25 + net6 * 0.06;
    expect(si).toMatchObject({
      supplier_id: supplierId,
      supplier_invoice_number: "20260417",
      invoice_date: "2026-03-02",
      due_date: "2026-04-01",
      subtotal: net25 + net6,
      vat_amount: vat,
      total: net25 + net6 + vat,
      status: "registered",
    });
    expect(reg.body.data.proposal).toMatchObject({ status: "registered", supplier_invoice_id: si.id });
    expect(await entryLines(f.actor.key, f.companyId, si.registration_journal_entry_id)).toEqual({
      "4010": [net25 + net6, 0],
      "2641": [vat, 0],
      "2440": [0, net25 + net6 + vat],
    });
    const doc = await call("GET", url(`/documents/${docId}`), { key: f.actor.key });
    expect(doc.body.data).toMatchObject({ journal_entry_id: si.registration_journal_entry_id, immutable: true });

    // the same key answers the same; a second use of the proposal is refused
    const replay = await write(
      f.actor.key,
      "POST",
      url(`/document-proposals/${p.id}/register`),
      {},
      { "Idempotency-Key": ik },
    );
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    const again = await write(f.actor.key, "POST", url(`/document-proposals/${p.id}/register`), {});
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: "DOCUMENT_PROPOSAL_USED", details: { supplier_invoice_id: si.id } });
    expect(await countOf("SELECT COUNT(*) AS n FROM supplier_invoices WHERE company_id = ?", f.companyId)).toBe(1);
  });
});

describe("an English invoice printed by Chromium", () => {
  it("reads the dates and number printed under their labels and matches the supplier by IBAN", async () => {
    const supplierId = await supplier({
      name: "Nordic Cloud Services",
      iban: "SE45 5000 0000 0583 9825 7466",
      default_expense_account: "6540",
    });
    const docId = await upload(fixture("chromium-invoice-en.pdf"), "invoice.pdf");
    const res = await read(docId);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(values(res.body.data.fields)).toEqual({
      invoice_number: "NCS-2026-0311",
      invoice_date: "2026-03-03",
      due_date: "2026-04-02",
      net: 2400,
      vat_25: 600,
      total: 3000,
      reference: "2603118",
      plusgiro: "90066-2",
      iban: "SE4550000000058398257466",
      org_number: "559014-2161",
      vat_number: "SE559014216101",
      currency: "SEK",
    });
    expect(res.body.data.fields.invoice_date).toMatchObject({
      line: "March 3, 2026  April 2, 2026  NCS-2026-0311",
      confidence: 0.7,
    });
    expect(res.body.data.supplier).toMatchObject({ id: supplierId, matched_by: "iban" });
    const reg = await write(f.actor.key, "POST", url(`/document-proposals/${res.body.data.id}/register`), {});
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    expect(reg.body.data.supplier_invoice).toMatchObject({ total: 3000, payment_reference: "2603118" });
    expect(
      await entryLines(f.actor.key, f.companyId, reg.body.data.supplier_invoice.registration_journal_entry_id),
    ).toEqual({
      "6540": [2400, 0],
      "2641": [600, 0],
      "2440": [0, 3000],
    });
  });
});

describe("totals that do not add up (pdf-lib)", () => {
  it("are flagged, refused as read, and registered once the caller corrects them", async () => {
    const supplierId = await supplier({ name: "Konsultbolaget Väst AB", default_expense_account: "6550" });
    const docId = await upload(fixture("pdf-lib-faktura-fel-summor.pdf"));
    const res = await read(docId);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const p = res.body.data;
    expect(values(p.fields)).toMatchObject({ net: 10000, vat_25: 2400, total: 12500, invoice_date: "2026-03-10" });
    expect(p.warnings.map((w: { code: string }) => w.code)).toEqual(["TOTALS_DO_NOT_ADD_UP", "VAT_NOT_A_SWEDISH_RATE"]);
    expect(p.warnings[0].details).toEqual({ net: 10000, vat: 2400, rounding: 0, total: 12500, difference: 100 });
    // matched by nothing: the supplier is registered without numbers
    expect(p.supplier).toBeNull();
    expect(p.missing).toEqual(["supplier_id"]);

    const incomplete = await write(f.actor.key, "POST", url(`/document-proposals/${p.id}/register`), {});
    expect(incomplete.body.error).toMatchObject({
      code: "DOCUMENT_PROPOSAL_INCOMPLETE",
      details: { missing: ["supplier_id"] },
    });
    const refused = await write(f.actor.key, "POST", url(`/document-proposals/${p.id}/register`), {
      supplier_id: supplierId,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({
      code: "DOCUMENT_PROPOSAL_TOTALS_DISAGREE",
      details: { net: 10000, vat: 2400, total: 12500, difference: 100 },
    });
    const corrected = await write(f.actor.key, "POST", url(`/document-proposals/${p.id}/register`), {
      supplier_id: supplierId,
      vat_25: 2500,
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(201);
    expect(corrected.body.data.supplier_invoice).toMatchObject({ subtotal: 10000, vat_amount: 2500, total: 12500 });
  });
});

describe("a seller no supplier matches", () => {
  it("is registered as a new supplier with the numbers read, in the same batch as its invoice", async () => {
    const docId = await upload(fixture("pdf-lib-faktura-fel-summor.pdf"));
    const p = (await read(docId)).body.data;
    expect(p.supplier).toBeNull();
    const res = await write(f.actor.key, "POST", url(`/document-proposals/${p.id}/register`), {
      new_supplier: { name: "Konsultbolaget Väst", default_expense_account: "6550" },
      vat_25: 2500,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const si = res.body.data.supplier_invoice;
    const supplier = (await call("GET", url(`/suppliers/${si.supplier_id}`), { key: f.actor.key })).body.data;
    expect(supplier).toMatchObject({
      name: "Konsultbolaget Väst",
      org_number: "556677-8899",
      vat_number: "SE556677889901",
      bankgiro: "5050-1055",
      default_expense_account: "6550",
    });
    expect(si).toMatchObject({ supplier_invoice_number: "K-1187", total: 12500, payment_reference: "2026041703" });
    expect(await entryLines(f.actor.key, f.companyId, si.registration_journal_entry_id)).toEqual({
      "6550": [10000, 0],
      "2641": [2500, 0],
      "2440": [0, 12500],
    });
  });
});

describe("documents that cannot be read", () => {
  it("refuses an image-only PDF (a scan) with DOCUMENT_HAS_NO_TEXT and keeps no proposal", async () => {
    const docId = await upload(fixture("ghostscript-scan-image-only.pdf"));
    const before = await countOf("SELECT COUNT(*) AS n FROM document_proposals WHERE company_id = ?", f.companyId);
    const res = await read(docId);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: "DOCUMENT_HAS_NO_TEXT", details: { document_id: docId } });
    expect(await countOf("SELECT COUNT(*) AS n FROM document_proposals WHERE company_id = ?", f.companyId)).toBe(
      before,
    );
  });

  it("refuses an image with DOCUMENT_NOT_A_PDF and an unknown document with NOT_FOUND", async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const docId = await upload(png, "kvitto.png", "image/png");
    const res = await read(docId);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: "DOCUMENT_NOT_A_PDF", details: { mime_type: "image/png" } });
    expect((await read("00000000-0000-7000-8000-000000000000")).status).toBe(404);
  });
});

describe("hostile or broken PDFs", () => {
  it("refuses a PDF of more pages than the limit before reading any page, and a broken one as DOCUMENT_UNREADABLE", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let i = 0; i <= FILE_LIMITS.pdf_text.pages; i++)
      doc.addPage([200, 200]).drawText(`Sida ${i + 1}`, { x: 20, y: 100, size: 10, font });
    const long = await read(await upload(await doc.save()));
    expect(long.status).toBe(400);
    expect(long.body.error).toMatchObject({
      code: "VALIDATION_ERROR",
      details: { reason: "FILE_LIMIT_EXCEEDED", reader: "pdf_text", limit: "pages", max: 20, found: 21 },
    });
    const broken = await read(
      await upload(new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >>\ntrailer")),
    );
    expect(broken.status).toBe(422);
    expect(broken.body.error.code).toBe("DOCUMENT_UNREADABLE");
  });
});

describe("public samples of other programs (invoice2data)", () => {
  it("reads Odoo's US invoice: month-first dates under their labels, dollars", async () => {
    const res = await read(await upload(fixture("invoice2data-odoo-azure-interior-en.pdf")));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(values(res.body.data.fields)).toMatchObject({
      invoice_number: "INV/2023/03/0008",
      invoice_date: "2023-03-20",
      due_date: "2023-04-04",
      total: 279.84,
      currency: "USD",
    });
  });

  it("reads wkhtmltopdf's invoice: named months, Balance Due", async () => {
    const res = await read(await upload(fixture("invoice2data-wkhtmltopdf-sammy-maystone-en.pdf")));
    expect(values(res.body.data.fields)).toMatchObject({
      invoice_date: "2022-01-01",
      due_date: "2022-01-31",
      total: 127.5,
      net: 127.5,
      currency: "USD",
    });
  });
});

describe("a receipt printed through Ghostscript", () => {
  it("is drafted as an entry (not committed) and offered the bank row that paid it", async () => {
    const ingest = await write(f.actor.key, "POST", url("/transactions/ingest"), {
      settlement_account: "1930",
      transactions: [
        { external_id: `kv-${uniqueKey()}`, date: "2026-03-06", description: "KORTKÖP MATBUTIKEN", amount: -169 },
        { external_id: `kv-${uniqueKey()}`, date: "2026-03-30", description: "KORTKÖP MATBUTIKEN", amount: -169 },
      ],
    });
    expect(ingest.status, JSON.stringify(ingest.body)).toBe(200);
    const [paid] = ingest.body.data.transaction_ids;
    const docId = await upload(fixture("ghostscript-kvitto-sv.pdf"), "kvitto.pdf");
    const res = await read(docId, "receipt");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const p = res.body.data;
    expect(values(p.fields)).toEqual({
      invoice_number: "48213",
      invoice_date: "2026-03-05",
      net: 147.63,
      vat_25: 7.02,
      vat_12: 14.35,
      vat_total: 21.37,
      total: 169,
      org_number: "556677-8899",
    });
    expect(p.warnings).toEqual([]);

    const wrong = await write(f.actor.key, "POST", url(`/document-proposals/${p.id}/register`), {});
    expect(wrong.body.error.code).toBe("DOCUMENT_PROPOSAL_WRONG_KIND");

    const draft = await write(f.actor.key, "POST", url(`/document-proposals/${p.id}/draft-entry`), {
      account_number: "5460",
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const entry = draft.body.data.journal_entry;
    expect(entry).toMatchObject({ status: "draft", entry_date: "2026-03-05", source_type: "document_receipt" });
    const sum = (account: string, side: "debit_amount" | "credit_amount") =>
      entry.lines.filter((l: any) => l.account_number === account).reduce((s: number, l: any) => s + l[side], 0);
    expect([sum("5460", "debit_amount"), sum("2641", "debit_amount"), sum("1930", "credit_amount")]).toEqual([
      147.63,
      Math.round((14.35 + 7.02) * 100) / 100,
      169,
    ]);
    // the row of the same amount three days away is offered; the one 25 days away is not
    expect(draft.body.data.bank_rows.map((r: any) => r.transaction_id)).toEqual([paid]);
    expect(draft.body.data.bank_rows[0]).toMatchObject({ amount: -169, date: "2026-03-06" });
    const doc = await call("GET", url(`/documents/${docId}`), { key: f.actor.key });
    expect(doc.body.data).toMatchObject({ journal_entry_id: entry.id, immutable: false });
  });
});
