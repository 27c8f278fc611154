// node bench/peppol-import.mjs [--lines 200] [--port 8805]
// Issue #41 item 1: does a hostile or large Peppol e-invoice stall the service? Starts the
// service locally (wrangler dev, a fresh state directory), makes a company, and for each
// document: 100 000 levels of nesting, 200 000 attributes on one element, and an invoice of
// --lines lines (at most 200, the import's limit): posts it to .../supplier-invoices/import-peppol
// while one client asks GET /api/v1/health in a loop, waits for its operation when it is
// answered 202, and prints the answer, the time to the end, and the health route's latencies
// (p50 / p95 / max) during it. Asserts the refusals' codes and that the invoice is imported.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createLiveKey } from "./mfa.mjs";
import { benchApi, startService } from "./service.mjs";

const { values } = parseArgs({
  options: { lines: { type: "string", default: "200" }, port: { type: "string", default: "8805" } },
});
const LINES = Number(values.lines);
const BASE = `http://127.0.0.1:${values.port}`;
const api = benchApi(BASE, { timeoutMs: 600_000 });
const line = (label, value) => console.log(`${label.padEnd(48)} ${value}`);
const NS =
  'xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"';

/** n lines of 100.00 SEK at 25 % from Leverantören AB (556016-0680), dated 2025-06-15. */
function invoiceXml(n) {
  const [net, vat, total] = [100, 25, 125].map((x) => (n * x).toFixed(2));
  const lines = Array.from(
    { length: n },
    (_, i) =>
      `<cac:InvoiceLine><cbc:ID>${i + 1}</cbc:ID><cbc:InvoicedQuantity unitCode="EA">1</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="SEK">100.00</cbc:LineExtensionAmount><cac:Item><cbc:Name>Vara ${i + 1}</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>25</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item><cac:Price><cbc:PriceAmount currencyID="SEK">100.00</cbc:PriceAmount></cac:Price></cac:InvoiceLine>`,
  ).join("\n");
  const party = (org, vatNo, name, city) =>
    `<cac:Party><cbc:EndpointID schemeID="0007">${org}</cbc:EndpointID><cac:PostalAddress><cbc:CityName>${city}</cbc:CityName><cac:Country><cbc:IdentificationCode>SE</cbc:IdentificationCode></cac:Country></cac:PostalAddress><cac:PartyTaxScheme><cbc:CompanyID>${vatNo}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme><cac:PartyLegalEntity><cbc:RegistrationName>${name}</cbc:RegistrationName><cbc:CompanyID schemeID="0007">${org}</cbc:CompanyID></cac:PartyLegalEntity></cac:Party>`;
  return `<?xml version="1.0" encoding="UTF-8"?><Invoice ${NS}>
<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>
<cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>
<cbc:ID>BENCH-${n}-${Date.now()}</cbc:ID><cbc:IssueDate>2025-06-15</cbc:IssueDate><cbc:DueDate>2025-07-15</cbc:DueDate>
<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode><cbc:DocumentCurrencyCode>SEK</cbc:DocumentCurrencyCode><cbc:BuyerReference>Bench</cbc:BuyerReference>
<cac:AccountingSupplierParty>${party("5560160680", "SE556016068001", "Leverantören AB", "Stockholm")}</cac:AccountingSupplierParty>
<cac:AccountingCustomerParty>${party("5561034249", "SE556103424901", "Importen AB", "Göteborg")}</cac:AccountingCustomerParty>
<cac:TaxTotal><cbc:TaxAmount currencyID="SEK">${vat}</cbc:TaxAmount><cac:TaxSubtotal><cbc:TaxableAmount currencyID="SEK">${net}</cbc:TaxableAmount><cbc:TaxAmount currencyID="SEK">${vat}</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>25</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>
<cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="SEK">${net}</cbc:LineExtensionAmount><cbc:TaxExclusiveAmount currencyID="SEK">${net}</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="SEK">${total}</cbc:TaxInclusiveAmount><cbc:PayableAmount currencyID="SEK">${total}</cbc:PayableAmount></cac:LegalMonetaryTotal>
${lines}</Invoice>`;
}

function percentiles(ms) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return `p50 ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, max ${s[s.length - 1].toFixed(0)} ms (n=${s.length})`;
}

/** GET /api/v1/health in a loop until stop(); each latency in ms. */
function healthLoop() {
  const times = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const t0 = performance.now();
      await (await fetch(`${BASE}/api/v1/health`)).arrayBuffer();
      times.push(performance.now() - t0);
    }
  })();
  return async () => {
    running = false;
    await done;
    return times;
  };
}

/** Posts a document, waits for its operation if any; the final answer or operation. */
async function importDocument(key, companyId, xml) {
  const res = await fetch(
    `${BASE}/api/v1/companies/${companyId}/supplier-invoices/import-peppol?create_supplier=true`,
    {
      method: "POST",
      headers: {
        Authorization: `Bearer ${key}`,
        "Content-Type": "application/xml",
        "Idempotency-Key": crypto.randomUUID(),
      },
      body: xml,
      signal: AbortSignal.timeout(600_000),
    },
  );
  const body = await res.json();
  if (res.status !== 202) return { status: res.status, code: body.error?.code, details: body.error?.details };
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const op = (await api("GET", `/api/v1/operations/${body.data.operation_id}`, { key })).body.data;
    if (op.status === "succeeded") return { status: 202, operation: "succeeded", result: op.result };
    if (op.status === "failed")
      return { status: 202, operation: "failed", code: op.error.code, details: op.error.details };
  }
}

const stateDir = mkdtempSync(join(tmpdir(), "bokforing-peppol-bench-"));
const dev = await startService(stateDir, { port: values.port, ratePerMinute: 1_000_000 });
try {
  const user = (
    await api("POST", "/admin/v1/users", { admin: true, body: { email: `bench-${Date.now()}@example.se`, name: "B" } })
  ).body.data;
  const key = (await createLiveKey(BASE, user.id, { name: "bench", scopes: ["*"] })).key;
  const company = (
    await api("POST", "/api/v1/companies", {
      key,
      body: {
        name: "Importen AB",
        entity_type: "aktiebolag",
        org_number: "556103-4249",
        f_skatt: true,
        vat_registered: true,
        moms_period: "quarterly",
        first_fiscal_year: { start_date: "2025-01-01", end_date: "2025-12-31" },
      },
    })
  ).body.data;
  const idle = healthLoop();
  await new Promise((r) => setTimeout(r, 2000));
  line("GET /api/v1/health, idle (2 s)", percentiles(await idle()));
  const documents = [
    [
      "100 000 levels of nesting",
      `<Invoice ${NS}>${"<a>".repeat(100_000)}${"</a>".repeat(100_000)}</Invoice>`,
      "depth",
    ],
    [
      "200 000 attributes on one element",
      `<Invoice ${NS}><a ${Array.from({ length: 200_000 }, (_, i) => `x${i}="1"`).join(" ")}/></Invoice>`,
      "attributes_per_element",
    ],
    [`an invoice of ${LINES} lines`, invoiceXml(LINES), null],
  ];
  for (const [name, xml, refusal] of documents) {
    const stop = healthLoop();
    const t0 = performance.now();
    const out = await importDocument(key, company.id, xml);
    const took = performance.now() - t0;
    const during = await stop();
    line(
      `${name} (${(xml.length / 1024 / 1024).toFixed(2)} MB)`,
      `${out.status} ${out.operation ?? ""} ${out.code ?? ""} ${out.details?.limit ?? ""} in ${(took / 1000).toFixed(1)} s`,
    );
    line("  GET /api/v1/health meanwhile", percentiles(during));
    if (refusal && (out.code !== "PEPPOL_DOCUMENT_LIMIT_EXCEEDED" || out.details.limit !== refusal))
      throw new Error(`${name}: ${JSON.stringify(out)}`);
    if (!refusal && (out.operation !== "succeeded" || out.result.total !== LINES * 125))
      throw new Error(`${name}: ${JSON.stringify(out)}`);
  }
} finally {
  dev.kill("SIGTERM");
  rmSync(stateDir, { recursive: true, force: true });
}
