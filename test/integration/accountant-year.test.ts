// Issue #29, "A year as a regression test": one calendar year (2026) of a small aktiebolag
// (quarterly VAT, the accrual method) kept entirely through the HTTP API, as an accountant
// would keep it. Every expected figure is computed here, in öre, from the inputs and the
// rules, in a small shadow ledger of this file (`shadow`), never from the service's answers:
//
// - VAT (Mervärdesskattelagen 2023:200, 9 kap. 5-7 §§): 25 %, 12 % and 6 %; computed per
//   rate on the invoice's net at that rate (ML 17 kap. 24 §), rounded to the öre;
// - accounts: BAS 2026 (3001/3002/3003 domestic sales at 25/12/6 %, 3004 at 0 %, 3108 goods
//   to another EU country, 3308 services to another EU country, 3105 export of goods, 2611 /
//   2621 / 2631 output VAT, 2614 output VAT on reverse-charge purchases, 2641 / 2645 input
//   VAT, 4535 services bought from another EU country, 2650 the VAT settlement account, 3740
//   öresavrundning, 1510 / 1513 receivables, 2440 payables, 7210 / 7510 / 2710 / 2731 pay);
// - the momsdeklaration (Skatteverket SKV 4700, the boxes of ../shared/data/moms):
//   05 taxable sales not in 06-08, 10/11/12 output VAT 25/12/6 %, 21 services bought from
//   another EU country, 30 output VAT 25 % on the purchases of 20-24, 35 goods sold to
//   another EU country, 36 goods sold outside the EU, 39 services sold to a business in
//   another EU country (the main rule, reverse charge), 42 other sales (the 0 % domestic
//   sale), 48 input VAT to deduct, 49 = 10+11+12+30+31+32+60+61+62 - 48; whole kronor,
//   öre dropped;
// - ROT (IL 67 kap., 30 % of the labour including VAT from 2026, rounded down to kronor);
// - payroll: the 2026 tax table 33 column 1 (Skatteverket, 30B33 34801-35000: 7 134 kr),
//   decided percentages (jämkning, truncated to kronor), arbetsgivaravgifter 31.42 %
//   (SAL 2 kap. 26 §) per employee in öre and as Skatteverket charges them (each basis in
//   whole kronor, the sum times the rate cut to kronor; the difference on 3740), leave
//   without pay at monthly salary × 12 / 365 a calendar day;
// - the year-end: the result (classes 3-8) on 8999 against 2099, carried to 2098 in the
//   next year (ABL 7 kap. 11 §); the EUR receivable re-valued at the closing rate (ÅRL 4
//   kap. 13 §), the gain on 3960.
//
// Each quarter the declaration is read and every box checked, then the VAT transfer is
// booked as an accountant books it (debit each output VAT account, credit each input VAT
// account, the declared amount to 2650, the öre to 3740) and the declaration must read the
// same afterwards: that assertion is `expect.soft`, so that a service which lets the
// transfer empty the boxes (the known bug) fails the test without stopping the year.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  BASE,
  call,
  companyFixture,
  entryLines,
  hire,
  line,
  newKey,
  postedEntry,
  settleOperation,
  write,
} from "../helpers";

const f = companyFixture({ name: "Årsbolaget AB", accounting_method: "accrual" });
const url = (p: string, companyId = f.companyId) => `/api/v1/companies/${companyId}${p}`;

// ---------------------------------------------------------------------------------------
// Keys: the API limits a key to 100 requests a minute; the year takes several hundred, so
// a fresh key of the same user is taken every 40 calls (the admin API is not limited).
let used = 0;
async function key(): Promise<string> {
  if (++used % 40 === 0) f.actor = { ...f.actor, ...(await newKey(f.actor.userId)) };
  return f.actor.key;
}
const get = async (p: string) => {
  const res = await call("GET", url(p), { key: await key() });
  expect(res.status, `GET ${p}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
};
const post = async (p: string, body?: unknown) => write(await key(), "POST", url(p), body);
async function ok(p: string, body?: unknown, status = [200, 201]) {
  const res = await post(p, body);
  expect(status, `POST ${p}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
  return res.body.data;
}

// ---------------------------------------------------------------------------------------
// Money: öre integers. kr() turns öre into the kronor number the API takes; ore() reads a
// kronor number of an answer back to öre.
const kr = (ore: number) => ore / 100;
const ore = (kronor: number) => Math.round(kronor * 100);
/** a × p / q rounded half up to the öre (a, p, q non-negative integers). */
const mulDivHalfUp = (a: number, p: number, q: number) => Math.floor((a * p * 2 + q) / (2 * q));
/** VAT at `ratePercent` on a net in öre, rounded to the öre (ML 17 kap. 24 §: per rate). */
const vatOn = (netOre: number, ratePercent: number) => mulDivHalfUp(netOre, ratePercent, 100);

// ---------------------------------------------------------------------------------------
// The shadow ledger: what the year's entries must be, from the inputs. Debit positive.
interface Posting {
  date: string;
  lines: Record<string, number>;
  transfer?: boolean;
}
const shadow: Posting[] = [];
function book(date: string, lines: Record<string, number>, transfer = false) {
  const sum = Object.values(lines).reduce((s, v) => s + v, 0);
  if (sum !== 0) throw new Error(`shadow entry of ${date} does not balance: ${sum} ${JSON.stringify(lines)}`);
  shadow.push({ date, lines, transfer });
}
function shadowBalances(from = "0000-00-00", to = "9999-99-99", skipTransfers = false): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of shadow) {
    if (p.date < from || p.date > to || (skipTransfers && p.transfer)) continue;
    for (const [acc, v] of Object.entries(p.lines)) out[acc] = (out[acc] ?? 0) + v;
  }
  for (const k of Object.keys(out)) if (out[k] === 0) delete out[k];
  return out;
}

// The momsdeklaration boxes (SKV 4700) of the accounts this year uses: [box, side, accounts].
const BOXES: [string, "credit" | "debit", string[]][] = [
  ["05", "credit", ["3001", "3002", "3003"]],
  ["10", "credit", ["2611"]],
  ["11", "credit", ["2621"]],
  ["12", "credit", ["2631"]],
  ["21", "debit", ["4535"]],
  ["30", "credit", ["2614"]],
  ["35", "credit", ["3108"]],
  ["36", "credit", ["3105"]],
  ["39", "credit", ["3308"]],
  ["42", "credit", ["3004"]],
  ["48", "debit", ["2641", "2645"]],
];
const ALL_BOXES = [
  "05", "06", "07", "08", "10", "11", "12", "20", "21", "22", "23", "24", "30", "31", "32", "35", "36", "37", "38",
  "39", "40", "41", "42", "48", "49", "50", "60", "61", "62",
]; // biome-ignore format: a table
const OUTPUT_VAT = ["2611", "2621", "2631", "2614"];
const INPUT_VAT = ["2641", "2645"];

/** The declaration of [from, to] from the shadow ledger's business entries (not the transfers). */
function expectedDeclaration(from: string, to: string): Record<string, number> {
  const bal = shadowBalances(from, to, true);
  const boxes: Record<string, number> = Object.fromEntries(ALL_BOXES.map((b) => [b, 0]));
  for (const [box, side, accounts] of BOXES) {
    const sum = accounts.reduce((s, a) => s + (bal[a] ?? 0), 0);
    // whole kronor, öre dropped (the form takes kronor)
    boxes[box] = Math.trunc((side === "credit" ? -sum : sum) / 100) || 0; // never -0
  }
  boxes["49"] =
    boxes["10"] +
    boxes["11"] +
    boxes["12"] +
    boxes["30"] +
    boxes["31"] +
    boxes["32"] +
    boxes["60"] +
    boxes["61"] +
    boxes["62"] -
    boxes["48"];
  return boxes;
}

async function declaration(from: string, to: string): Promise<Record<string, number>> {
  const d = await get(`/reports/vat-declaration?period_id=${f.periodId}&from_date=${from}&to_date=${to}`);
  return Object.fromEntries(
    Object.entries(d.boxes as Record<string, { amount: number }>).map(([b, v]) => [b, v.amount]),
  );
}

// ---------------------------------------------------------------------------------------
// Sales: an invoice's items as the API takes them, and the entry it must book.
interface Item {
  description: string;
  quantity: number;
  priceOre: number;
  rate: number; // percent
  account: string; // the BAS account the sale belongs on
  extra?: Record<string, unknown>;
}
const OUTPUT_ACCOUNT: Record<number, string> = { 25: "2611", 12: "2621", 6: "2631" };

/** The sale's lines (credit negative) and total: revenue per account, VAT per rate on the rate's net. */
function saleOf(items: Item[], fx?: { rateMicro: number }) {
  const lines: Record<string, number> = {};
  const netByRate = new Map<number, number>();
  for (const it of items) {
    const net = Math.round(it.quantity * it.priceOre);
    lines[it.account] = (lines[it.account] ?? 0) - net;
    netByRate.set(it.rate, (netByRate.get(it.rate) ?? 0) + net);
  }
  for (const [rate, net] of netByRate) {
    if (rate === 0) continue;
    const acc = OUTPUT_ACCOUNT[rate];
    lines[acc] = (lines[acc] ?? 0) - vatOn(net, rate);
  }
  const total = -Object.values(lines).reduce((s, v) => s + v, 0);
  if (fx) {
    // a foreign-currency invoice (one account here): SEK = total × rate, to the öre
    const sek = mulDivHalfUp(total, fx.rateMicro, 1_000_000);
    return { lines: { [items[0].account]: -sek }, total, sek };
  }
  return { lines, total, sek: total };
}

const apiItems = (items: Item[]) =>
  items.map((it) => ({
    description: it.description,
    quantity: it.quantity,
    unit_price: kr(it.priceOre),
    vat_rate: it.rate / 100,
    ...(it.extra ?? {}),
  }));

/** Creates and issues an invoice; checks its total and its entry against our own. */
async function invoice(
  customerId: string,
  date: string,
  items: Item[],
  opts: { extra?: Record<string, unknown>; fx?: { currency: string; rate: number; rateMicro: number } } = {},
) {
  const sale = saleOf(items, opts.fx);
  const created = await ok("/invoices", {
    customer_id: customerId,
    invoice_date: date,
    items: apiItems(items),
    ...(opts.fx ? { currency: opts.fx.currency, exchange_rate: opts.fx.rate } : {}),
    ...(opts.extra ?? {}),
  });
  expect(ore(created.total)).toBe(sale.total);
  const sent = await ok(`/invoices/${created.id}/mark-sent`);
  return { ...created, ...sent, sale };
}

async function linesOf(entryId: string): Promise<Record<string, number>> {
  const l = await entryLines(await key(), f.companyId, entryId);
  return Object.fromEntries(Object.entries(l).map(([a, [d, c]]) => [a, ore(d) - ore(c)]));
}

// ---------------------------------------------------------------------------------------
// The VAT transfer of a quarter, as an accountant books it (the momsavräkning).
async function vatQuarter(q: number, from: string, to: string) {
  const expected = expectedDeclaration(from, to);
  const before = await declaration(from, to);
  expect(before, `Q${q} declaration`).toEqual(expected);

  const bal = shadowBalances(from, to, true);
  const lines: Record<string, number> = {};
  for (const a of [...OUTPUT_VAT, ...INPUT_VAT]) if (bal[a]) lines[a] = -bal[a]; // each VAT account to zero
  // what the VAT accounts owe Skatteverket, in öre (output debited less input credited)
  const owed = Object.values(lines).reduce((s, v) => s + v, 0);
  // 2650 takes the declared amount (box 49, whole kronor; a debt as a credit, a claim as a
  // debit); the öre the declaration drops go to 3740 (a credit when less is declared)
  lines["2650"] = -expected["49"] * 100;
  const rounding = expected["49"] * 100 - owed;
  if (rounding !== 0) lines["3740"] = rounding;
  expect(Math.abs(rounding), `Q${q} öresavrundning`).toBeLessThan(500);
  const entry = await postedEntry(await key(), f.companyId, f.periodId, {
    entry_date: to,
    description: `Momsredovisning Q${q} 2026`,
    lines: Object.entries(lines).map(([a, v]) => line(a, v > 0 ? kr(v) : 0, v < 0 ? kr(-v) : 0)),
  });
  book(to, lines, true);
  expect(await linesOf(entry.id)).toEqual(lines);

  // the declaration of a quarter is what happened in it: the transfer must not change it
  const after = await declaration(from, to);
  expect.soft(after, `Q${q} declaration after the VAT transfer (known bug when it differs)`).toEqual(expected);
  return expected["49"];
}

/** Pays (or receives) the quarter's VAT from the bank: Debit 2650 / Credit 1930. */
async function payVat(date: string, box49: number) {
  const amount = box49 * 100;
  const lines = { "2650": amount, "1930": -amount };
  await postedEntry(await key(), f.companyId, f.periodId, {
    entry_date: date,
    description: "Skattekonto: moms",
    lines: Object.entries(lines).map(([a, v]) => line(a, v > 0 ? kr(v) : 0, v < 0 ? kr(-v) : 0)),
  });
  book(date, lines);
}

// ---------------------------------------------------------------------------------------
// Payroll: monthly salaries, computed here.
interface Staff {
  id: string;
  salaryOre: number;
  tax: (grossOre: number) => number; // kronor withheld
}
const staff: Staff[] = [];
/** Arbetsgivaravgifter 31.42 % (SAL 2 kap. 26 §; born 1959-2002: the full rate in 2026). */
const FULL_RATE = 3142; // hundredths of a percent

async function salaryMonth(month: number, paymentDate: string, absence?: { staff: number; days: number }) {
  const run = await ok("/salary-runs", { period_year: 2026, period_month: month, payment_date: paymentDate });
  const R = (p = "") => `/salary-runs/${run.id}${p}`;
  await ok(R("/employees"), { all_active: true });
  await ok(R("/calculate"));
  await ok(R("/approve"));
  await ok(R("/mark-paid"), {});
  const booked = await ok(R("/book"));

  let gross = 0;
  let tax = 0;
  let perEmployee = 0;
  let basisKronor = 0;
  staff.forEach((s, i) => {
    // leave without pay: monthly salary × 12 / 365 per calendar day, rounded half up once
    const deduction = absence?.staff === i ? mulDivHalfUp(s.salaryOre, 12 * absence.days, 365) : 0;
    const g = s.salaryOre - deduction;
    gross += g;
    tax += s.tax(g) * 100;
    perEmployee += mulDivHalfUp(g, FULL_RATE, 10_000);
    basisKronor += Math.floor(g / 100);
  });
  // Skatteverket: the bases in whole kronor summed per rate, the contribution cut to kronor
  const charged = Math.floor((basisKronor * FULL_RATE) / 10_000) * 100;
  const salary = { "7210": gross, "2710": -tax, "1930": -(gross - tax) };
  const contributions: Record<string, number> = { "7510": perEmployee, "2731": -charged };
  if (perEmployee !== charged) contributions["3740"] = charged - perEmployee;
  expect(await linesOf(booked.salary_entry_id), `salary ${month}`).toEqual(salary);
  expect(await linesOf(booked.avgifter_entry_id), `contributions ${month}`).toEqual(contributions);
  expect(booked.vacation_entry_id ?? null).toBeNull();
  book(paymentDate, salary);
  book(paymentDate, contributions);
  // the tax and contributions are paid to the skattekonto by the 12th of the next month (SFL 62 kap. 3 §)
  const due = `2026-${String(month + 1).padStart(2, "0")}-12`;
  const settled = { "2710": tax, "2731": charged, "1930": -(tax + charged) };
  await postedEntry(await key(), f.companyId, f.periodId, {
    entry_date: due,
    description: `Skattekonto: skatt och avgifter ${month}/2026`,
    lines: Object.entries(settled).map(([a, v]) => line(a, v > 0 ? kr(v) : 0, v < 0 ? kr(-v) : 0)),
  });
  book(due, settled);
  return { tax, charged };
}

// ---------------------------------------------------------------------------------------
// The year's parties and documents, shared by the quarters below.
const P: Record<string, string> = {};
const inv: Record<string, any> = {};
const si: Record<string, any> = {};

/** Registers a supplier invoice, checks its entry, pays nothing. */
async function supplierInvoice(
  name: string,
  supplierId: string,
  date: string,
  items: { description: string; amountOre: number; rate: number; account: string }[],
  expectedLines: Record<string, number>,
) {
  const res = await ok("/supplier-invoices", {
    supplier_id: supplierId,
    supplier_invoice_number: name,
    invoice_date: date,
    items: items.map((i) => ({
      description: i.description,
      amount: kr(i.amountOre),
      vat_rate: i.rate / 100,
      account_number: i.account,
    })),
  });
  expect(await linesOf(res.registration_journal_entry_id), name).toEqual(expectedLines);
  book(date, expectedLines);
  si[name] = { ...res, payable: -expectedLines["2440"] };
  return res;
}

async function paySupplier(name: string, date: string) {
  const paid = await ok(`/supplier-invoices/${si[name].id}/mark-paid`, { payment_date: date });
  expect(paid.status).toBe("paid");
  book(date, { "2440": si[name].payable, "1930": -si[name].payable });
}

async function payInvoice(name: string, date: string, amountOre: number) {
  const paid = await ok(`/invoices/${inv[name].id}/mark-paid`, { payment_date: date });
  expect(paid.status).toBe("paid");
  book(date, { "1930": amountOre, "1510": -amountOre });
}

// The opening balances of the first year here, brought from the previous program as a SIE
// file (#IB), the way the API takes a first year's opening balances.
const OPENING: Record<string, number> = {
  "1930": 250_000_00,
  "1220": 40_000_00,
  "2081": -25_000_00,
  "2091": -265_000_00,
  "2440": -50_000_00, // an old supplier debt, paid in January
  "1510": 50_000_00, // an old receivable, received in January
};
const sieNumber = (o: number) =>
  `${o < 0 ? "-" : ""}${Math.floor(Math.abs(o) / 100)}.${String(Math.abs(o) % 100).padStart(2, "0")}`;
function openingSie(): Uint8Array {
  const rows = [
    "#FLAGGA 0",
    "#FORMAT PC8",
    "#SIETYP 4",
    '#PROGRAM "Tidigare program" 1.0',
    "#GEN 20260105",
    '#FNAMN "Arsbolaget AB"',
    "#ORGNR 556016-0680",
    "#RAR 0 20260101 20261231",
    ...Object.entries(OPENING).map(([a, v]) => `#IB 0 ${a} ${sieNumber(v)}`),
    ...Object.entries(OPENING).map(([a, v]) => `#UB 0 ${a} ${sieNumber(v)}`),
  ];
  return new TextEncoder().encode(`${rows.join("\r\n")}\r\n`);
}
const b64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""));

async function importSie(companyId: string, bytes: Uint8Array) {
  const started = await call("POST", url("/imports/sie", companyId), {
    key: await key(),
    body: { file_base64: b64(bytes), file_name: "year.se" },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return settleOperation(await key(), started.body.data.operation_id);
}

async function trialBalance(companyId: string, periodId: string) {
  const res = await call("GET", url(`/reports/trial-balance?period_id=${periodId}`, companyId), { key: await key() });
  expect(res.status).toBe(200);
  return res.body.data;
}

// ---------------------------------------------------------------------------------------

describe("a year of a small aktiebolag through the API, against figures computed in the test", () => {
  it("opens the year from the previous program's SIE file (#IB)", async () => {
    const op = await importSie(f.companyId, openingSie());
    expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
    expect(op.result.opening_balances_imported).toBeTruthy();
    book("2026-01-01", { ...OPENING });
    const tb = await trialBalance(f.companyId, f.periodId);
    const opening = Object.fromEntries(
      tb.accounts
        .filter((a: any) => a.opening_balance !== 0)
        .map((a: any) => [a.account_number, ore(a.opening_balance)]),
    );
    expect(opening).toEqual(OPENING);
  });

  it("Q1: sales at every rate, EU goods and services, an export, ROT; purchases with reverse charge; payroll; VAT", async () => {
    // the parties
    const customer = async (name: string, body: Record<string, unknown>) =>
      (P[name] = (await ok("/customers", { name, default_payment_terms: 30, ...body })).id);
    await customer("Kund AB", { customer_type: "swedish_business" });
    // EU VAT numbers checked against the fake VIES of test/fakes/vies.ts (valid unless they start with 9)
    await customer("Kunde GmbH", { customer_type: "eu_business", country: "DE", vat_number: "DE123456789" });
    await customer("Client SARL", { customer_type: "eu_business", country: "FR", vat_number: "FR12345678901" });
    await customer("Buyer Inc", { customer_type: "swedish_business", country: "US" });
    await customer("Anna Andersson", { customer_type: "individual" });
    const supplier = async (name: string, body: Record<string, unknown>) =>
      (P[name] = (await ok("/suppliers", { name, default_payment_terms: 30, ...body })).id);
    await supplier("Fastighets AB", { supplier_type: "swedish_business", default_expense_account: "5010" });
    await supplier("Berater GmbH", { supplier_type: "eu_business", country: "DE", vat_number: "DE811111111" });

    // the opening receivable and debt settled in January (Debit 1930 / Credit 1510; Debit 2440 / Credit 1930)
    const settle = async (date: string, lines: Record<string, number>, text: string) => {
      await postedEntry(await key(), f.companyId, f.periodId, {
        entry_date: date,
        description: text,
        lines: Object.entries(lines).map(([a, v]) => line(a, v > 0 ? kr(v) : 0, v < 0 ? kr(-v) : 0)),
      });
      book(date, lines);
    };
    await settle("2026-01-08", { "1930": 50_000_00, "1510": -50_000_00 }, "Inbetalning kundfordran från 2025");
    await settle("2026-01-09", { "2440": 50_000_00, "1930": -50_000_00 }, "Betalning leverantörsskuld från 2025");

    // F1: one invoice at 25, 12, 6 and 0 % (0 %: a domestic sale outside VAT, 3004, box 42)
    const f1: Item[] = [
      { description: "Konsulttimmar", quantity: 3, priceOre: 1234_55, rate: 25, account: "3001" },
      { description: "Livsmedel", quantity: 1, priceOre: 1999_90, rate: 12, account: "3002" },
      { description: "Böcker", quantity: 2, priceOre: 249_50, rate: 6, account: "3003" },
      { description: "Momsfri tjänst", quantity: 1, priceOre: 300_00, rate: 0, account: "3004" },
    ];
    inv.f1 = await invoice(P["Kund AB"], "2026-01-15", f1);
    // 3 × 1 234.55 = 3 703.65, 25 % = 925.9125 -> 925.91; 1 999.90 × 12 % = 239.988 -> 239.99; 499.00 × 6 % = 29.94
    expect(inv.f1.sale.lines).toEqual({
      "3001": -3703_65,
      "3002": -1999_90,
      "3003": -499_00,
      "3004": -300_00,
      "2611": -925_91,
      "2621": -239_99,
      "2631": -29_94,
    });
    expect(await linesOf(inv.f1.journal_entry_id)).toEqual({ "1510": inv.f1.sale.total, ...inv.f1.sale.lines });
    book("2026-01-15", { "1510": inv.f1.sale.total, ...inv.f1.sale.lines });

    // F2: goods to an EU business, exempt (ML 10 kap. 42 §, directive art. 138): 3108, box 35
    const f2: Item[] = [
      {
        description: "Maskindel",
        quantity: 4,
        priceOre: 2000_00,
        rate: 0,
        account: "3108",
        extra: { supply_type: "goods" },
      },
    ];
    inv.f2 = await invoice(P["Kunde GmbH"], "2026-02-10", f2);
    expect(await linesOf(inv.f2.journal_entry_id)).toEqual({ "1510": 8000_00, "3108": -8000_00 });
    book("2026-02-10", { "1510": 8000_00, "3108": -8000_00 });

    // F3: services to an EU business, reverse charge by the buyer (directive art. 44, 196): 3308, box 39
    const f3: Item[] = [{ description: "Systemutveckling", quantity: 4, priceOre: 1500_00, rate: 0, account: "3308" }];
    inv.f3 = await invoice(P["Client SARL"], "2026-02-20", f3);
    expect(await linesOf(inv.f3.journal_entry_id)).toEqual({ "1510": 6000_00, "3308": -6000_00 });
    book("2026-02-20", { "1510": 6000_00, "3308": -6000_00 });

    // F4: goods exported outside the EU (ML 10 kap. 63 §, directive art. 146): 3105, box 36
    const f4: Item[] = [
      {
        description: "Export",
        quantity: 1,
        priceOre: 5000_00,
        rate: 0,
        account: "3105",
        extra: { supply_type: "goods" },
      },
    ];
    inv.f4 = await invoice(P["Buyer Inc"], "2026-03-05", f4);
    expect(await linesOf(inv.f4.journal_entry_id)).toEqual({ "1510": 5000_00, "3105": -5000_00 });
    book("2026-03-05", { "1510": 5000_00, "3105": -5000_00 });

    // F5: ROT: labour 8 000 + material 2 000, both at 25 %; the deduction 30 % of the labour
    // including VAT (10 000 × 30 % = 3 000) is claimed from Skatteverket (1513); the customer owes the rest
    const f5: Item[] = [
      {
        description: "Arbete badrum",
        quantity: 10,
        priceOre: 800_00,
        rate: 25,
        account: "3001",
        extra: { unit: "h", deduction_type: "rot", work_type: "Bygg", labor_hours: 10 },
      },
      { description: "Kakel", quantity: 1, priceOre: 2000_00, rate: 25, account: "3001", extra: { work_type: "Bygg" } },
    ];
    inv.f5 = await invoice(P["Anna Andersson"], "2026-03-20", f5, {
      extra: {
        deduction_personnummer: [{ personnummer: "19840601-2388" }],
        deduction_housing_designation: "Uppsala Kåbo 1:23",
      },
    });
    const rotLabour = 8000_00 + vatOn(8000_00, 25);
    const rot = Math.floor((rotLabour * 30) / 100 / 100) * 100; // 30 %, rounded down to kronor
    expect(ore(inv.f5.deduction_total)).toBe(rot);
    const f5lines = { "1510": inv.f5.sale.total - rot, "1513": rot, ...inv.f5.sale.lines };
    expect(await linesOf(inv.f5.journal_entry_id)).toEqual(f5lines);
    book("2026-03-20", f5lines);

    // purchases: the office rent with 25 % input VAT (2641)
    await supplierInvoice(
      "HYRA-Q1",
      P["Fastighets AB"],
      "2026-01-20",
      [{ description: "Hyra januari-mars", amountOre: 12_000_00, rate: 25, account: "5010" }],
      { "5010": 12_000_00, "2641": 3000_00, "2440": -15_000_00 },
    );
    // services from an EU supplier: the buyer's VAT (ML 1 kap. 2 § första stycket 2), 4535 box 21, 2614 box 30, 2645 box 48
    await supplierInvoice(
      "DE-2026-17",
      P["Berater GmbH"],
      "2026-02-15",
      [{ description: "Rådgivning", amountOre: 4000_00, rate: 25, account: "4535" }],
      { "4535": 4000_00, "2645": 1000_00, "2614": -1000_00, "2440": -4000_00 },
    );

    // payments
    await payInvoice("f1", "2026-02-14", inv.f1.sale.total);
    await paySupplier("HYRA-Q1", "2026-02-19");
    await paySupplier("DE-2026-17", "2026-03-16");
    await payInvoice("f4", "2026-03-27", 5000_00);

    // payroll: three employees, full rate of contributions
    const a = await hire(f, {
      first_name: "Anna",
      last_name: "Anställd",
      personnummer: "198503121231",
      salary_type: "monthly",
      monthly_salary: 35000,
      tax_table_number: 33,
      vacation_rule: "none",
    });
    const b = await hire(f, {
      first_name: "Dan",
      last_name: "Jämkad",
      personnummer: "198005055671",
      salary_type: "monthly",
      monthly_salary: 40000,
      f_skatt_status: "decided_percent",
      tax_decided_percent: "25",
      tax_decision_reference: "SKV 2026-01-15 nr 4711",
      vacation_rule: "none",
    });
    const c = await hire(f, {
      first_name: "Sara",
      last_name: "Säljare",
      personnummer: "199002204569",
      salary_type: "monthly",
      monthly_salary: 30000,
      f_skatt_status: "decided_percent",
      tax_decided_percent: "30",
      tax_decision_reference: "SKV 2026-01-20 nr 815",
      vacation_rule: "none",
    });
    // tax table 33 column 1, 2026 (Skatteverket): 34 801-35 000 kr -> 7 134 kr
    staff.push({ id: a.id, salaryOre: 35000_00, tax: (g) => (Math.floor(g / 100) === 35000 ? 7134 : Number.NaN) });
    // decided percentages of the whole kronor, truncated
    staff.push({ id: b.id, salaryOre: 40000_00, tax: (g) => Math.floor((Math.floor(g / 100) * 25) / 100) });
    staff.push({ id: c.id, salaryOre: 30000_00, tax: (g) => Math.floor((Math.floor(g / 100) * 30) / 100) });

    await salaryMonth(1, "2026-01-25");
    await salaryMonth(2, "2026-02-25");
    // March: Dan is on leave without pay (tjänstledighet) 2 calendar days
    const absent = await ok(`/employees/${b.id}/absence`, {
      from_date: "2026-03-09",
      to_date: "2026-03-10",
      absence_type: "leave_without_pay",
    });
    expect(absent).toHaveLength(2);
    await salaryMonth(3, "2026-03-25", { staff: 1, days: 2 });

    // the quarter's VAT
    const q1 = await vatQuarter(1, "2026-01-01", "2026-03-31");
    // by hand: 10 = 925 + 2 500 = 3 425 (925.91 + 2 500.00 -> 3 425); 11 = 239; 12 = 29; 30 = 1 000; 48 = 3 000 + 1 000
    expect(q1).toBe(3425 + 239 + 29 + 1000 - 4000);
    await ok(`/fiscal-periods/${f.periodId}/lock`, { lock_date: "2026-03-31" });
    P.q1 = String(q1);
  });

  it("Q2: the ROT customer pays, a bank file is imported and its rows matched and booked, a run in June; VAT", async () => {
    await payVat("2026-05-12", Number(P.q1));
    // the ROT customer pays what is left to them (9 500); Skatteverket pays the 3 000 later
    await payInvoice("f5", "2026-04-10", inv.f5.sale.total - ore(inv.f5.deduction_total));

    // the ROT claim (Begäran om utbetalning) and Skatteverket's decision: all 3 000 approved and paid out,
    // Debit 1930 / Credit 1513
    const claims = await ok("/rot-rut/claims", { invoice_ids: [inv.f5.id] }, [201]);
    expect(claims).toHaveLength(1);
    const decided = await ok(`/rot-rut/claims/${claims[0].id}/decision`, {
      approved_amount: kr(ore(inv.f5.deduction_total)),
      decision_date: "2026-05-08",
    });
    expect(decided.status).toBe("paid");
    const rotPaid = ore(inv.f5.deduction_total);
    expect(await linesOf(decided.decision_journal_entry_id)).toEqual({ "1930": rotPaid, "1513": -rotPaid });
    book("2026-05-08", { "1930": rotPaid, "1513": -rotPaid });

    const f6: Item[] = [{ description: "Projekt", quantity: 1, priceOre: 20_000_00, rate: 25, account: "3001" }];
    inv.f6 = await invoice(P["Kund AB"], "2026-05-06", f6);
    book("2026-05-06", { "1510": inv.f6.sale.total, ...inv.f6.sale.lines });

    await supplierInvoice(
      "KONTOR-88",
      P["Fastighets AB"],
      "2026-04-15",
      [{ description: "Kontorsmaterial", amountOre: 1600_40, rate: 25, account: "6110" }],
      { "6110": 1600_40, "2641": 400_10, "2440": -2000_50 },
    );
    await paySupplier("KONTOR-88", "2026-05-15");

    // the bank's file (Nordea business export, built here): F6 paid, F2 paid, a bank fee
    const bom = "\uFEFF";
    const rows = [
      "Bokföringsdag;Belopp;Avsändare;Mottagare;Namn;Ytterligare detaljer;Meddelande;Egna anteckningar;Saldo;Valuta;",
      "2026/05/29;-125,00;;;AVGIFTER NORDEA;AVGIFTER NORDEA;;;132875,00;SEK;",
      `2026/05/20;25000,00;123-4567;5050-9999;KUND AB;BG INBETALNING;${inv.f6.ocr_number ?? ""};;133000,00;SEK;`,
      "2026/04/28;8000,00;;5050-9999;KUNDE GMBH;UTLANDSBETALNING;Invoice F2;;108000,00;SEK;",
    ];
    const form = new FormData();
    form.append("file", new File([new TextEncoder().encode(bom + rows.join("\r\n"))], "nordea.csv"));
    const started = await SELF.fetch(`${BASE}${url("/imports/bank")}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${await key()}` },
      body: form,
    });
    const startedBody = (await started.json()) as any;
    expect(started.status, JSON.stringify(startedBody)).toBe(202);
    const op = await settleOperation(await key(), startedBody.data.operation_id);
    expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
    expect(op.result).toMatchObject({ rows_inserted: 3, rows_rejected: 0, format_detected: "nordea_business" });
    const txs = (await get("/transactions?limit=100")) as any[];
    const tx = (amount: number) => txs.find((t) => t.amount === amount);
    expect(txs).toHaveLength(3);

    // the payment's OCR number arrives as the row's reference; a CSV's Meddelande is not read as
    // an OCR reference (only BgMax, camt SCOR and ingested rows are: docs/bank-transactions.md),
    // so the accountant names the invoice
    expect(inv.f6.ocr_number).toMatch(/^\d+$/);
    expect(tx(25000).reference).toBe(inv.f6.ocr_number);
    const m6 = await ok(`/transactions/${tx(25000).id}/match-invoice`, { invoice_id: inv.f6.id });
    expect(m6).toMatchObject({ invoice_status: "paid", remaining_amount: 0 });
    expect(await linesOf(m6.journal_entry_id)).toEqual({ "1930": 25_000_00, "1510": -25_000_00 });
    book("2026-05-20", { "1930": 25_000_00, "1510": -25_000_00 });
    const m2 = await ok(`/transactions/${tx(8000).id}/match-invoice`, { invoice_id: inv.f2.id });
    expect(m2).toMatchObject({ invoice_status: "paid" });
    book("2026-04-28", { "1930": 8000_00, "1510": -8000_00 });
    const fee = await ok(`/transactions/${tx(-125).id}/categorize`, { category: "bank_fees" });
    // bank services are exempt (ML 10 kap.): 6570 without VAT
    expect(await linesOf(fee.journal_entry_id)).toEqual({ "6570": 125_00, "1930": -125_00 });
    book("2026-05-29", { "6570": 125_00, "1930": -125_00 });
    expect((await get("/transactions?status=unbooked&limit=100")).length).toBe(0);

    await salaryMonth(6, "2026-06-25");

    const q2 = await vatQuarter(2, "2026-04-01", "2026-06-30");
    // 10 = 2 500 (ROT? no: F5 is Q1) + 5 000 (F6) = 5 000; 48 = 400.10 -> 400
    expect(q2).toBe(5000 - 400);
    await ok(`/fiscal-periods/${f.periodId}/lock`, { lock_date: "2026-06-30" });
    P.q2 = String(q2);
  });

  it("Q3: a mixed-rate invoice left open at the year's end, the rent; VAT", async () => {
    await payVat("2026-08-17", Number(P.q2));
    const f7: Item[] = [
      { description: "Lunchmöte", quantity: 10, priceOre: 150_55, rate: 12, account: "3002" },
      { description: "Licens", quantity: 1, priceOre: 24_000_00, rate: 25, account: "3001" },
    ];
    inv.f7 = await invoice(P["Kund AB"], "2026-08-14", f7);
    // 1 505.50 × 12 % = 180.66; 24 000 × 25 % = 6 000
    expect(inv.f7.sale.lines).toEqual({ "3002": -1505_50, "3001": -24_000_00, "2621": -180_66, "2611": -6000_00 });
    book("2026-08-14", { "1510": inv.f7.sale.total, ...inv.f7.sale.lines });

    await supplierInvoice(
      "HYRA-Q3",
      P["Fastighets AB"],
      "2026-07-01",
      [{ description: "Hyra juli-september", amountOre: 12_000_00, rate: 25, account: "5010" }],
      { "5010": 12_000_00, "2641": 3000_00, "2440": -15_000_00 },
    );
    await paySupplier("HYRA-Q3", "2026-07-30");

    const q3 = await vatQuarter(3, "2026-07-01", "2026-09-30");
    expect(q3).toBe(6000 + 180 - 3000);
    await ok(`/fiscal-periods/${f.periodId}/lock`, { lock_date: "2026-09-30" });
    P.q3 = String(q3);
  });

  it("Q4: an EUR invoice open at the year's end, a 6 % purchase; VAT", async () => {
    await payVat("2026-11-12", Number(P.q3));
    // 1 000 EUR of goods to the German customer at 11.20 SEK/EUR: 11 200.00 SEK on 1510 and 3108 (box 35)
    const f8: Item[] = [
      {
        description: "Reservdelar",
        quantity: 1,
        priceOre: 1000_00,
        rate: 0,
        account: "3108",
        extra: { supply_type: "goods" },
      },
    ];
    inv.f8 = await invoice(P["Kunde GmbH"], "2026-10-15", f8, {
      fx: { currency: "EUR", rate: 11.2, rateMicro: 11_200_000 },
    });
    expect(inv.f8.sale.sek).toBe(11_200_00);
    expect(await linesOf(inv.f8.journal_entry_id)).toEqual({ "1510": 11_200_00, "3108": -11_200_00 });
    book("2026-10-15", { "1510": 11_200_00, "3108": -11_200_00 });

    // books at 6 % (ML 9 kap. 13 §)
    await supplierInvoice(
      "BOK-12",
      P["Fastighets AB"],
      "2026-11-02",
      [{ description: "Facklitteratur", amountOre: 500_00, rate: 6, account: "6970" }],
      { "6970": 500_00, "2641": 30_00, "2440": -530_00 },
    );
    await paySupplier("BOK-12", "2026-11-20");

    const q4 = await vatQuarter(4, "2026-10-01", "2026-12-31");
    expect(q4).toBe(-30);
  });

  it("the year-end: readiness, revaluation at the closing rate, 8999/2099, close, the next year's 2098", async () => {
    const period = `/fiscal-periods/${f.periodId}`;
    await ok(`${period}/lock`, {});
    const ready = await get(`/compliance/check?type=year_end_readiness&fiscal_period_id=${f.periodId}`);
    expect(ready.ready, JSON.stringify(ready.findings)).toBe(true);
    expect(
      ready.findings.filter((x: any) => x.severity === "blocker"),
      JSON.stringify(ready.findings),
    ).toEqual([]);

    // the EUR receivable at the closing rate 11.50: 1 000 × (11.50 - 11.20) = 300.00 gain on 3960
    const gain = (1000_00 * 11_50) / 100 - 11_200_00;
    expect(gain).toBe(300_00);
    const started = await ok(`${period}/year-end`, { closing_rates: { EUR: "11.50" } }, [202]);
    const op = await settleOperation(await key(), started.operation_id);
    expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
    const revaluation = op.result.currency_revaluation;
    expect(revaluation.items).toHaveLength(1);
    expect(revaluation.items[0]).toMatchObject({ closing_rate: expect.anything(), rate_source: "request" });
    expect(await linesOf(revaluation.revaluation_entry_id)).toEqual({ "1510": gain, "3960": -gain });
    book("2026-12-31", { "1510": gain, "3960": -gain });

    // the year's result from the shadow ledger: classes 3-8, a profit as a positive number
    const bal = shadowBalances();
    const result = -Object.entries(bal)
      .filter(([a]) => a >= "3000" && a < "9000")
      .reduce((s, [, v]) => s + v, 0);
    expect(ore(op.result.year_result)).toBe(result);
    expect(op.result.result_account).toBe("2099");
    expect(await linesOf(op.result.closing_entry_id)).toEqual({ "8999": result, "2099": -result });
    book("2026-12-31", { "8999": result, "2099": -result });

    const income = await get(`/reports/income-statement?period_id=${f.periodId}`);
    expect(ore(income.netResult)).toBe(result);
    const sheet = await get(`/reports/balance-sheet?period_id=${f.periodId}`);
    expect(sheet.totals.difference).toBe(0);
    // assets: classes 1, and the VAT accounts 2610-2650 when their sum is a claim (sweden/vat-balance.ts)
    const sum = (keep: (a: string) => boolean) =>
      Object.entries(shadowBalances())
        .filter(([a]) => keep(a))
        .reduce((s, [, v]) => s + v, 0);
    const vat = sum((a) => a >= "2610" && a <= "2650");
    expect(ore(sheet.totals.assets)).toBe(sum((a) => a < "2000") + Math.max(vat, 0));

    // the trial balance: every account as the shadow ledger has it, summing to zero
    const tb = await trialBalance(f.companyId, f.periodId);
    expect(tb.balanced).toBe(true);
    const closing = Object.fromEntries(
      tb.accounts
        .filter((a: any) => a.closing_balance !== 0)
        .map((a: any) => [a.account_number, ore(a.closing_balance)]),
    );
    expect(closing).toEqual(shadowBalances());
    expect(Object.values(closing).reduce((s: number, v) => s + (v as number), 0)).toBe(0);

    // the customer ledger at the year's end equals 1510 (F3, F7 and the revalued F8 are open)
    const ar = await get("/reports/ar-ledger?as_of_date=2026-12-31");
    expect(ore(ar.totals.total), JSON.stringify(ar.customers)).toBe(shadowBalances()["1510"]);
    expect(shadowBalances()["1510"]).toBe(6000_00 + inv.f7.sale.total + 11_500_00);

    await ok(`${period}/close`);
    const next = await ok("/fiscal-periods", undefined, [201]);
    const opened = await ok(`${period}/opening-balances`, { next_period_id: next.id }, [201]);
    const classes12 = Object.fromEntries(Object.entries(shadowBalances()).filter(([a]) => a < "3000"));
    expect(await linesOf(opened.opening_entry_id)).toEqual(classes12);
    expect(await linesOf(opened.carry_forward_entry_id)).toEqual({ "2099": result, "2098": -result });
    const tb27 = await trialBalance(f.companyId, next.id);
    const at = (acc: string) => ore(tb27.accounts.find((x: any) => x.account_number === acc)?.closing_balance ?? 0);
    expect([at("2099"), at("2098")]).toEqual([0, -result]);
    const continuity = await get(`/reports/continuity-check?period_id=${next.id}`);
    expect(continuity).toMatchObject({ is_continuous: true, discrepancies: [] });
    P.result = String(result);
  });

  it("the year's SIE 4 export, imported into a fresh company, gives the same trial balance", async () => {
    const res = await SELF.fetch(`${BASE}${url(`/reports/sie-export?period_id=${f.periodId}`)}`, {
      headers: { Authorization: `Bearer ${await key()}` },
    });
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    // every account the year used has its INK2R field (#SRU), the closing accounts none
    const text = new TextDecoder("latin1").decode(bytes);
    for (const sru of ["#SRU 1510 7251", "#SRU 1930 7281", "#SRU 2099 7302", "#SRU 2611 7369", "#SRU 3001 7410"])
      expect(text).toContain(sru);
    expect(text).toMatch(/#SRU 5010 7513\r?\n/);
    expect(text).not.toMatch(/#SRU 899\d /);
    const created = await call("POST", "/api/v1/companies", {
      key: await key(),
      body: {
        name: "Årsbolaget kopia AB",
        entity_type: "aktiebolag",
        org_number: "556016-0680",
        vat_registered: true,
        moms_period: "quarterly",
        f_skatt: true,
        first_fiscal_year: { start_date: "2026-01-01", end_date: "2026-12-31" },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const copy = created.body.data;
    const op = await importSie(copy.id, bytes);
    expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
    const shape = (tb: any) =>
      Object.fromEntries(
        tb.accounts
          .filter((a: any) => a.opening_balance !== 0 || a.debit !== 0 || a.credit !== 0)
          .map((a: any) => [a.account_number, [a.opening_balance, a.debit, a.credit, a.closing_balance]]),
      );
    const original = shape(await trialBalance(f.companyId, f.periodId));
    expect(shape(await trialBalance(copy.id, copy.fiscal_period.id))).toEqual(original);
    expect(Object.keys(original).length).toBeGreaterThan(20);
  });
});
