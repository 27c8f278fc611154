// npm run demo [-- --url http://127.0.0.1:8787]
//
// Against a running local service (npm start), creates through the API a user, a test
// key and a demo company ("Demo Konsult AB", a sandbox company) with a year of books
// from 1 January to today: the opening balances, customers and suppliers, three
// customer invoices a month (sent, paid through the bank, one credited in full and
// one in part, the newest still open and one overdue), rent, telephone and IT supplier
// invoices (approved and paid through the bank), bank transactions matched to them,
// the bank's fees, a monthly receipt booked by hand, and a monthly salary run (calculated,
// approved, paid and booked). It then prints the key and what to open first.
//
// The admin token is ADMIN_TOKEN from the environment or .dev.vars. Every write goes
// through the public API with its Idempotency-Key; the service allows 100 requests a
// minute per key, so this takes a few minutes: the script waits when told to.
import { parseArgs } from "node:util";
import { apiClient, devVar, serviceAddress } from "./local-service.mjs";

process.setUncaughtExceptionCaptureCallback((err) => {
  console.error(`\n\ndemo: stopped: ${err.message}`);
  process.exit(1);
});

const { values } = parseArgs({ options: { url: { type: "string" } } });
const base = serviceAddress(values.url);
const adminToken = devVar("ADMIN_TOKEN");
if (!adminToken) {
  console.error("demo: ADMIN_TOKEN is not set (environment or .dev.vars); npm start generates one");
  process.exit(2);
}
let waited = 0;
const onWait = (status, ms) => {
  waited += ms;
  if (status === 429) process.stdout.write(` (rate limit: waiting ${Math.ceil(ms / 1000)} s)`);
};
const admin = apiClient(base, adminToken, { onWait });

// ---- deterministic "random" figures, so that two runs tell the same story ----
let seed = 20260101;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const between = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));

function luhnDigit(nine) {
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let d = Number(nine[i]) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}
/** A Luhn-valid organisation number of an aktiebolag (55xxxx-xxxx), unique enough per run. */
function orgNumber() {
  const nine = `55${between(6, 9)}${String(between(0, 999999)).padStart(6, "0")}`;
  return `${nine.slice(0, 6)}-${nine.slice(6)}${luhnDigit(nine)}`;
}
function personnummer(yymmdd) {
  const nine = `${yymmdd}${String(between(100, 999))}`;
  return `19${nine}${luhnDigit(nine)}`;
}

const today = new Date().toISOString().slice(0, 10);
const year = Number(today.slice(0, 4));
const iso = (m, d) => `${year}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
const addDays = (date, days) => new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);
const past = (date) => date <= today;
const step = (text) => process.stdout.write(`\n${text}`);

// ---- the user, the key, the company ----
const run = Date.now().toString(36);
step("Creating the demo user and key ...");
const user = (await admin("POST", "/admin/v1/users", { email: `demo-${run}@example.se`, name: "Demo Användare" })).data;
const keyRow = (
  await admin("POST", "/admin/v1/api-keys", { user_id: user.id, name: "demo", scopes: ["*"], mode: "test" })
).data;
const key = keyRow.key;
const api = apiClient(base, key, { onWait });

step("Creating Demo Konsult AB ...");
const company = (
  await api("POST", "/api/v1/companies", {
    name: "Demo Konsult AB",
    entity_type: "aktiebolag",
    org_number: orgNumber(),
    vat_registered: true,
    moms_period: "quarterly",
    accounting_method: "accrual",
    f_skatt: true,
    fiscal_year_start_month: 1,
    first_fiscal_year: { start_date: iso(1, 1), end_date: iso(12, 31) },
  })
).data;
const c = `/api/v1/companies/${company.id}`;
const periodId = company.fiscal_period.id;

async function postEntry(date, description, lines) {
  const draft = (
    await api("POST", `${c}/journal-entries`, { fiscal_period_id: periodId, entry_date: date, description, lines })
  ).data;
  return (await api("POST", `${c}/journal-entries/${draft.id}/commit`)).data;
}
/** The items of a bulk answer; any refused item stops the demo with its code. */
function bulkData(res, what) {
  const bad = res.data.results.find((r) => !r.ok);
  if (bad)
    throw new Error(
      `${what} #${bad.request_index}: ${bad.error.code} ${bad.error.message} ${JSON.stringify(bad.error.details ?? null)}`,
    );
  return res.data.results.map((r) => r.data);
}
const line = (account_number, debit_amount, credit_amount, line_description) => ({
  account_number,
  debit_amount,
  credit_amount,
  ...(line_description ? { line_description } : {}),
});

step("Opening balances ...");
await postEntry(iso(1, 1), "Ingående balanser", [
  line("1930", 185000, 0, "Företagskonto"),
  line("2081", 0, 25000, "Aktiekapital"),
  line("2091", 0, 160000, "Balanserad vinst"),
]);

step("Customers, suppliers and an employee ...");
const customerNames = [
  "Kafé Björken AB",
  "Norrsken Fastigheter AB",
  "Vågbrytaren Logistik AB",
  "Ekbacken Arkitekter AB",
  "Solvik Media AB",
];
const customers = bulkData(
  await api("POST", `${c}/customers/bulk-create`, {
    customers: customerNames.map((name, i) => ({
      name,
      customer_type: "swedish_business",
      org_number: orgNumber(),
      email: `ekonomi@kund${i + 1}.example`,
      city: ["Umeå", "Stockholm", "Göteborg", "Malmö", "Uppsala"][i],
      default_payment_terms: 30,
    })),
  }),
  "customer",
);
const supplierSpecs = [
  { name: "Fastighets AB Kvarteret", account: "5010", net: 18000, text: "Hyra kontor" },
  { name: "Telekom Norden AB", account: "6212", net: 899, text: "Mobilabonnemang" },
  { name: "Molnverket Sverige AB", account: "6540", net: 2400, text: "IT-tjänster och licenser" },
];
const suppliers = [];
for (const s of supplierSpecs) {
  suppliers.push(
    (
      await api("POST", `${c}/suppliers`, {
        name: s.name,
        supplier_type: "swedish_business",
        org_number: orgNumber(),
        default_expense_account: s.account,
        bankgiro: null,
        default_payment_terms: 30,
      })
    ).data,
  );
}
const employee = (
  await api("POST", `${c}/employees`, {
    first_name: "Sara",
    last_name: "Lindqvist",
    personnummer: personnummer("880412"),
    email: "sara@demokonsult.example",
    employment_start: iso(1, 1),
    salary_type: "monthly",
    monthly_salary: 42000,
    tax_table_number: 33,
    tax_column: 1,
    clearing_number: "6789",
    bank_account_number: "123456002",
  })
).data;

// ---- the months ----
const receivables = []; // { id, total, payDate, number }
const payables = []; // { id, total, payDate }
let invoiceCount = 0;
let credited = 0;
let bankRows = 0;
let salaryRuns = 0;
let receipts = 0;
const lastMonth = Number(today.slice(5, 7));

for (let m = 1; m <= lastMonth; m++) {
  step(`${iso(m, 1).slice(0, 7)}:`);
  // customer invoices: consulting hours, sent the day they are dated
  const dates = [iso(m, 3), iso(m, 12), iso(m, 20)].filter(past);
  if (dates.length) {
    const bulk = await api("POST", `${c}/invoices/bulk-create`, {
      invoices: dates.map((date, i) => ({
        customer_id: customers[(m + i) % customers.length].id,
        invoice_date: date,
        items: [
          { description: "Konsulttimmar", quantity: between(12, 60), unit_price: 1150, vat_rate: 0.25 },
          ...(rand() < 0.3
            ? [{ description: "Resekostnader", quantity: 1, unit_price: between(800, 3500), vat_rate: 0.25 }]
            : []),
        ],
      })),
    });
    for (const [i, draft] of bulkData(bulk, "invoice").entries()) {
      const sent = (await api("POST", `${c}/invoices/${draft.id}/mark-sent`)).data;
      invoiceCount++;
      process.stdout.write(` faktura ${sent.invoice_number}`);
      // April's first invoice is credited in full (wrong customer); August's second in part (a discount)
      if (m === 4 && i === 0) {
        await api("POST", `${c}/invoices/${sent.id}/credit`, {
          reason: "Fakturerad fel kund",
          credit_date: addDays(sent.invoice_date, 2),
        });
        credited++;
        continue;
      }
      let total = sent.total;
      if (m === 8 && i === 1) {
        const full = (await api("GET", `${c}/invoices/${sent.id}?expand=items`)).data;
        const credit = (
          await api("POST", `${c}/invoices/${sent.id}/credit`, {
            reason: "Rabatt enligt överenskommelse",
            credit_date: addDays(sent.invoice_date, 5),
            items: [{ item_id: full.items[0].id, amount: 2300 }],
          })
        ).data;
        total = Math.round((sent.total - Math.abs(credit.total)) * 100) / 100;
        credited++;
      }
      // September's last invoice is never paid: it shows as overdue
      if (m === 9 && i === dates.length - 1) continue;
      receivables.push({
        id: sent.id,
        total,
        payDate: addDays(sent.due_date, between(-6, 4)),
        number: sent.invoice_number,
        ocr: sent.ocr_number ?? null,
      });
    }
  }
  // supplier invoices: registered and approved
  for (const [i, s] of supplierSpecs.entries()) {
    const date = iso(m, [1, 5, 8][i]);
    if (!past(date)) continue;
    const si = (
      await api("POST", `${c}/supplier-invoices`, {
        supplier_id: suppliers[i].id,
        supplier_invoice_number: `${1000 + m * 10 + i}`,
        invoice_date: date,
        due_date: i === 0 ? iso(m, 28) : addDays(date, 30),
        items: [
          {
            description: `${s.text} ${iso(m, 1).slice(0, 7)}`,
            amount: s.net,
            account_number: s.account,
            vat_rate: 0.25,
          },
        ],
      })
    ).data;
    await api("POST", `${c}/supplier-invoices/${si.id}/approve`);
    payables.push({ id: si.id, total: si.total, payDate: si.due_date });
  }
  // a receipt booked by hand: office supplies paid by card
  const receiptDate = iso(m, 15);
  if (past(receiptDate)) {
    const gross = between(200, 900);
    const vat = Math.round(gross * 20) / 100;
    await postEntry(receiptDate, "Kontorsmaterial, kortköp", [
      line("6110", Math.round((gross - vat) * 100) / 100, 0),
      line("2641", vat, 0),
      line("1930", 0, gross),
    ]);
    receipts++;
  }
  // the salary, paid on the 25th
  const payday = iso(m, 25);
  if (past(payday)) {
    const runRow = (await api("POST", `${c}/salary-runs`, { period_year: year, period_month: m, payment_date: payday }))
      .data;
    await api("POST", `${c}/salary-runs/${runRow.id}/employees`, { employees: [{ employee_id: employee.id }] });
    await api("POST", `${c}/salary-runs/${runRow.id}/calculate`);
    await api("POST", `${c}/salary-runs/${runRow.id}/approve`);
    await api("POST", `${c}/salary-runs/${runRow.id}/mark-paid`, {});
    await api("POST", `${c}/salary-runs/${runRow.id}/book`);
    salaryRuns++;
    process.stdout.write(" lön");
  }
  // the bank: this month's payments in and out, and the bank's fee, then matched
  const monthEnd = iso(m, 28);
  const inMonth = (date) => date.slice(0, 7) === iso(m, 1).slice(0, 7) && past(date);
  const incoming = receivables.filter((r) => !r.paid && inMonth(r.payDate));
  const outgoing = payables.filter((p) => !p.paid && inMonth(p.payDate));
  const rows = [
    ...incoming.map((r) => ({
      external_id: `demo-${run}-in-${r.id}`,
      date: r.payDate,
      description: `BG INBETALNING ${r.number}`,
      amount: r.total,
      reference: r.ocr ?? String(r.number),
      reference_type: r.ocr ? "ocr" : "message",
    })),
    ...outgoing.map((p) => ({
      external_id: `demo-${run}-out-${p.id}`,
      date: p.payDate,
      description: "BG BETALNING LEVERANTÖR",
      amount: -p.total,
    })),
    ...(past(monthEnd)
      ? [
          {
            external_id: `demo-${run}-fee-${m}`,
            date: monthEnd,
            description: "AVGIFT FÖRETAGSPAKET",
            amount: -95,
            merchant_name: "Banken",
          },
        ]
      : []),
  ];
  if (rows.length) {
    const ingested = (await api("POST", `${c}/transactions/ingest`, { settlement_account: "1930", transactions: rows }))
      .data;
    bankRows += ingested.rows_inserted;
    const ids = ingested.transaction_ids;
    for (const [i, r] of incoming.entries()) {
      await api("POST", `${c}/transactions/${ids[i]}/match-invoice`, { invoice_id: r.id });
      r.paid = true;
    }
    for (const [j, p] of outgoing.entries()) {
      await api("POST", `${c}/transactions/${ids[incoming.length + j]}/match-supplier-invoice`, {
        supplier_invoice_id: p.id,
      });
      p.paid = true;
    }
    if (past(monthEnd))
      await api("POST", `${c}/transactions/${ids[rows.length - 1]}/categorize`, { category: "bank_fees" });
    process.stdout.write(` bank ${rows.length} rader`);
  }
}

// ---- what there is to see ----
const trial = await api("GET", `${c}/reports/trial-balance?period_id=${periodId}`).catch(() => null);
const bank = trial?.data?.accounts?.find?.((a) => a.account_number === "1930");
console.log(`

Demo Konsult AB is ready (a sandbox company; the key is a test key).
  company id:   ${company.id}
  API key:      ${key}
  user id:      ${user.id}
  made:         ${invoiceCount} customer invoices (${credited} credited), ${payables.length} supplier invoices, ${bankRows} bank transactions,
                ${salaryRuns} salary runs, ${receipts} receipts booked by hand, the opening balances${bank ? `\n  bank (1930):  ${bank.closing_balance ?? bank.balance ?? ""} kr` : ""}
${waited ? `  (waited ${Math.round(waited / 1000)} s for the rate limit)\n` : ""}
Open first:
  ${base}/api/v1/docs                                   the API reference
  curl -H "Authorization: Bearer ${key}" \\
    "${base}${c}/reports/income-statement?period_id=${periodId}"
  curl -H "Authorization: Bearer ${key}" "${base}${c}/reports/ar-ledger"          (the open and overdue invoices)
  curl -H "Authorization: Bearer ${key}" "${base}${c}/transactions?status=unbooked"
  ${base}${c}/reports/income-statement/pdf?period_id=${periodId}   (with the key: the income statement as PDF)

Then: API_KEY=${key} npm run webhooks:listen     (deliveries to your machine; docs/clients.md)
      an MCP client at ${base}/mcp with "Authorization: Bearer ${key}"
`);
