// ROT and RUT for a company on the cash method (kontantmetoden), issue #29 item 15.
// The sources the entries follow (docs/rot-rut.md, "The cash method"):
// - BFL 5 kap 2 §: a small company may wait with booking a business event until payment;
//   nothing is booked when the invoice is issued.
// - Skatteverket, Rättslig vägledning 2025.2, Mervärdesskatt > Redovisning > Huvudregler
//   (394183): "Bokslutsmetoden innebär att mervärdesskatt normalt ska redovisas vid
//   betalning". The buyer's payment and Skatteverket's payout are the two payments of
//   the price, so each books its share of revenue and output VAT on the whole sale (the
//   deduction does not reduce the VAT) in the VAT period it is received in.
// - SpeedLedger, "Bokföra ROT och RUT" (kontantmetoden): "Inbetalning från Skatteverket
//   ska hanteras som en vanlig intäkt med moms".
// - 7 § lagen (2009:194) om förfarandet vid skattereduktion för hushållsarbete: the
//   claim only after the buyer has paid, as for accrual.
// Figures: 2026, ROT 30 % and RUT 50 % of the labour incl. 25 % VAT (src/sweden/rot-rut
// RATES; prop. 2024/25:156, prop. 2006/07:94). Every amount below is computed here from
// the invoice's parts, then compared with the books.
import { describe, expect, it } from "vitest";
import { call, companyFixture, entryLines, settleOperation, write } from "../helpers";

const A = "19840601-2388";
const B = "19850215-2393";
const YEAR = { first_fiscal_year: { start_date: "2026-01-01", end_date: "2026-12-31" }, fiscal_year_start_month: 1 };
const url = (f: { companyId: string }, p: string) => `/api/v1/companies/${f.companyId}${p}`;
type F = ReturnType<typeof companyFixture>;

const get = async (f: F, p: string) => {
  const res = await call("GET", url(f, p), { key: f.actor.key });
  expect(res.status).toBe(200);
  return res.body.data;
};
const act = (f: F, id: string, action: string, body: Record<string, unknown> = {}) =>
  write(f.actor.key, "POST", url(f, `/invoices/${id}/${action}`), body);

async function person(f: F, name: string) {
  const res = await write(f.actor.key, "POST", url(f, "/customers"), {
    name,
    customer_type: "individual",
    default_payment_terms: 30,
  });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

/** closing balances (debit positive) of the accounts the deduction touches */
async function balances(f: F) {
  const tb = await get(f, `/reports/trial-balance?period_id=${f.periodId}`);
  expect(tb.balanced).toBe(true);
  const at = (acc: string) => tb.accounts.find((x: any) => x.account_number === acc)?.closing_balance ?? 0;
  return { b1510: at("1510"), b1513: at("1513"), b1930: at("1930"), b3001: at("3001"), b2611: at("2611") };
}

/** boxes 05 (taxable sales) and 10 (output VAT 25 %) of the declaration for one month */
async function vatOfMonth(f: F, month: string) {
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
  const v = await get(f, `/reports/vat-declaration?from_date=${month}-01&to_date=${last}`);
  return { box05: v.boxes["05"].amount, box10: v.boxes["10"].amount };
}

const entryCount = async (f: F) => (await get(f, "/journal-entries?limit=100")).length;

/**
 * The share of each part of a sale that a payment books under the cash method: the
 * payment's fraction of the total, applied to each part. The figures are chosen so it
 * divides exactly; the test checks that, so no rounding rule is assumed.
 */
function shareOf(parts: Record<string, number>, total: number, paid: number): Record<string, number> {
  return Object.fromEntries(
    Object.entries(parts).map(([k, v]) => {
      const s = (v * paid) / total;
      expect(Number.isInteger(s)).toBe(true);
      return [k, s];
    }),
  );
}

// ROT: labour 10 h × 1 000 = 10 000 net (12 500 incl. VAT), material 2 000 net (Bygg)
const ROT_ITEMS = [
  {
    description: "Arbete Bygg",
    quantity: 10,
    unit: "h",
    unit_price: 1000,
    vat_rate: 0.25,
    deduction_type: "rot",
    work_type: "Bygg",
    labor_hours: 10,
  },
  { description: "Material kakel", quantity: 1, unit_price: 2000, vat_rate: 0.25, work_type: "Bygg" },
];
const ROT = (() => {
  const labourNet = 10000;
  const materialNet = 2000;
  const vat = (labourNet + materialNet) * 0.25;
  const total = labourNet + materialNet + vat;
  const deduction = Math.floor((labourNet * 1.25 * 30) / 100); // 30 % of the labour incl. VAT
  return { parts: { revenue: labourNet + materialNet, vat }, total, deduction, customer: total - deduction };
})();

/** Issues the ROT invoice to a new customer, marks it sent and paid (the customer's part) on 2026-09-20. */
async function rotInvoicePaid(f: F) {
  const customer_id = await person(f, "Anna Andersson");
  const created = await write(f.actor.key, "POST", url(f, "/invoices"), {
    customer_id,
    invoice_date: "2026-09-10",
    items: ROT_ITEMS,
    deduction_personnummer: A,
    deduction_housing_designation: "Uppsala Kåbo 1:23",
  });
  expect(created.status).toBe(201);
  const id = created.body.data.id as string;
  expect((await act(f, id, "mark-sent")).status).toBe(200);
  const paid = await act(f, id, "mark-paid", { payment_date: "2026-09-20" });
  expect(paid.status).toBe(200);
  return { created: created.body.data, paid: paid.body.data, id };
}

async function claimXml(f: F, claimId: string): Promise<string> {
  const xml = await call("GET", url(f, `/rot-rut/claims/${claimId}/xml`), { key: f.actor.key });
  expect(xml.status).toBe(200);
  return typeof xml.body === "string" ? xml.body : JSON.stringify(xml.body);
}

describe("a ROT invoice on the cash method: paid in September, Skatteverket pays in October", () => {
  const f = companyFixture({ name: "Kontantbygg AB", accounting_method: "cash", ...YEAR });
  const accrual = companyFixture({ name: "Kontantbygg AB", accounting_method: "accrual", ...YEAR });

  it("books nothing at issue, the customer's share at payment, Skatteverket's share at the payout", async () => {
    expect(ROT).toMatchObject({ total: 15000, deduction: 3750, customer: 11250 });
    const before = await entryCount(f);
    const { created, paid, id } = await rotInvoicePaid(f);
    expect(created).toMatchObject({
      subtotal: 12000,
      vat_amount: 3000,
      total: ROT.total,
      deduction_total: ROT.deduction,
      remaining_amount: ROT.customer,
    });

    // issue booked nothing; the payment is the only entry so far
    expect(await entryCount(f)).toBe(before + 1);
    expect(paid).toMatchObject({ status: "paid", paid_amount: ROT.customer, remaining_amount: 0 });
    const atPayment = shareOf(ROT.parts, ROT.total, ROT.customer);
    expect(await entryLines(f.actor.key, f.companyId, paid.journal_entry_id)).toEqual({
      "1930": [ROT.customer, 0],
      "3001": [0, atPayment.revenue],
      "2611": [0, atPayment.vat],
    });
    expect(await balances(f)).toEqual({
      b1510: 0,
      b1513: 0,
      b1930: ROT.customer,
      b3001: -atPayment.revenue,
      b2611: -atPayment.vat,
    });
    expect(await vatOfMonth(f, "2026-09")).toEqual({ box05: atPayment.revenue, box10: atPayment.vat });

    // the claim: the same file as an accrual company's for the same invoice and payment
    const claim = await write(f.actor.key, "POST", url(f, "/rot-rut/claims"), { invoice_ids: [id] });
    expect(claim.status).toBe(201);
    const c = claim.body.data[0];
    expect(c).toMatchObject({ type: "rot", year: 2026, status: "claimed", amount: ROT.deduction });
    const xml = await claimXml(f, c.id);
    for (const el of [
      "<ns2:Kopare>198406012388</ns2:Kopare>",
      "<ns2:BetalningsDatum>2026-09-20</ns2:BetalningsDatum>",
      "<ns2:PrisForArbete>12500</ns2:PrisForArbete>",
      `<ns2:BetaltBelopp>${12500 - ROT.deduction}</ns2:BetaltBelopp>`,
      `<ns2:BegartBelopp>${ROT.deduction}</ns2:BegartBelopp>`,
      "<ns2:AntalTimmar>10</ns2:AntalTimmar>",
      "<ns2:Materialkostnad>2500</ns2:Materialkostnad>",
    ])
      expect(xml).toContain(el);
    const twin = await rotInvoicePaid(accrual);
    const twinClaim = await write(accrual.actor.key, "POST", url(accrual, "/rot-rut/claims"), {
      invoice_ids: [twin.id],
    });
    expect(twinClaim.status).toBe(201);
    expect(xml).toBe(await claimXml(accrual, twinClaim.body.data[0].id));

    // Skatteverket pays the deduction in October: its share of revenue and VAT is booked then
    const decided = await write(f.actor.key, "POST", url(f, `/rot-rut/claims/${c.id}/decision`), {
      approved_amount: ROT.deduction,
      decision_date: "2026-10-15",
    });
    expect(decided.status).toBe(200);
    expect(decided.body.data).toMatchObject({ status: "paid", approved_amount: ROT.deduction, rejected_amount: 0 });
    const atPayout = shareOf(ROT.parts, ROT.total, ROT.deduction);
    expect(await entryLines(f.actor.key, f.companyId, decided.body.data.decision_journal_entry_id)).toEqual({
      "1930": [ROT.deduction, 0],
      "3001": [0, atPayout.revenue],
      "2611": [0, atPayout.vat],
    });
    const entry = await get(f, `/journal-entries/${decided.body.data.decision_journal_entry_id}`);
    expect(entry.entry_date).toBe("2026-10-15");

    // the whole sale is on the books once: revenue 12 000 and VAT 3 000, nothing left on 1510 or 1513
    expect(atPayment.revenue + atPayout.revenue).toBe(ROT.parts.revenue);
    expect(await balances(f)).toEqual({
      b1510: 0,
      b1513: 0,
      b1930: ROT.total,
      b3001: -ROT.parts.revenue,
      b2611: -ROT.parts.vat,
    });
    expect(await vatOfMonth(f, "2026-09")).toEqual({ box05: atPayment.revenue, box10: atPayment.vat });
    expect(await vatOfMonth(f, "2026-10")).toEqual({ box05: atPayout.revenue, box10: atPayout.vat });
    expect(await get(f, `/invoices/${id}`)).toMatchObject({
      status: "paid",
      deduction_total: ROT.deduction,
      remaining_amount: 0,
    });
  });
});

// RUT: cleaning 8 h × 500 = 4 000 net (5 000 incl. VAT), travel 1 000 net (an other cost)
const rutItems = (hours: number) => [
  {
    description: "Städning",
    quantity: hours,
    unit: "h",
    unit_price: 500,
    vat_rate: 0.25,
    deduction_type: "rut",
    work_type: "Stadning",
    labor_hours: hours,
  },
  ...(hours === 8 ? [{ description: "Resa", quantity: 1, unit_price: 1000, vat_rate: 0.25 }] : []),
];
const rut = (hours: number) => {
  const net = hours * 500 + (hours === 8 ? 1000 : 0);
  const vat = net * 0.25;
  const total = net + vat;
  const deduction = Math.floor((hours * 500 * 1.25 * 50) / 100); // 50 % of the labour incl. VAT
  return { parts: { revenue: net, vat }, total, deduction, customer: total - deduction };
};

describe("RUT invoices on the cash method with a partial and a full refusal", () => {
  const f = companyFixture({ name: "Kontantstäd AB", accounting_method: "cash", ...YEAR });

  async function rutInvoicePaid(hours: number, date: string) {
    const customer_id = await person(f, `Bertil ${hours}`);
    const created = await write(f.actor.key, "POST", url(f, "/invoices"), {
      customer_id,
      invoice_date: "2026-09-10",
      items: rutItems(hours),
      deduction_personnummer: [{ personnummer: B }],
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    expect((await act(f, id, "mark-sent")).status).toBe(200);
    const paid = await act(f, id, "mark-paid", { payment_date: date });
    expect(paid.status).toBe(200);
    return { id, created: created.body.data, paid: paid.body.data };
  }

  it("books the payout's share, nothing for the refused part, and the customer's later payment of it", async () => {
    const one = rut(8);
    expect(one).toMatchObject({ total: 6250, deduction: 2500, customer: 3750 });
    const inv = await rutInvoicePaid(8, "2026-09-20");
    expect(inv.created).toMatchObject({ total: one.total, deduction_total: one.deduction });
    const atPayment = shareOf(one.parts, one.total, one.customer);
    expect(await entryLines(f.actor.key, f.companyId, inv.paid.journal_entry_id)).toEqual({
      "1930": [one.customer, 0],
      "3001": [0, atPayment.revenue],
      "2611": [0, atPayment.vat],
    });

    // the claim by year finds the cash invoice paid in 2026
    const claim = await write(f.actor.key, "POST", url(f, "/rot-rut/claims"), { year: 2026, type: "rut" });
    expect(claim.status).toBe(201);
    expect(claim.body.data).toHaveLength(1);
    const c = claim.body.data[0];
    expect(c).toMatchObject({ type: "rut", amount: one.deduction, invoices: [{ invoice_id: inv.id }] });
    expect(await claimXml(f, c.id)).toContain(`<ns2:BegartBelopp>${one.deduction}</ns2:BegartBelopp>`);

    // Skatteverket approves half: the payout books its share; the refused half books nothing and is the customer's
    const approved = one.deduction / 2;
    const refused = one.deduction - approved;
    const decided = await write(f.actor.key, "POST", url(f, `/rot-rut/claims/${c.id}/decision`), {
      approved_amount: approved,
      decision_date: "2026-10-15",
    });
    expect(decided.status).toBe(200);
    expect(decided.body.data).toMatchObject({ status: "paid", approved_amount: approved, rejected_amount: refused });
    const atPayout = shareOf(one.parts, one.total, approved);
    expect(await entryLines(f.actor.key, f.companyId, decided.body.data.decision_journal_entry_id)).toEqual({
      "1930": [approved, 0],
      "3001": [0, atPayout.revenue],
      "2611": [0, atPayout.vat],
    });
    expect(await get(f, `/invoices/${inv.id}`)).toMatchObject({
      status: "partially_paid",
      deduction_total: approved,
      remaining_amount: refused,
    });
    expect(await balances(f)).toMatchObject({ b1510: 0, b1513: 0, b1930: one.customer + approved });

    // the customer pays the refused part: the rest of the sale, exactly
    const rest = await act(f, inv.id, "mark-paid", { payment_date: "2026-10-20" });
    expect(rest.status).toBe(200);
    expect(rest.body.data).toMatchObject({ status: "paid", paid_amount: one.customer + refused, remaining_amount: 0 });
    const atRest = shareOf(one.parts, one.total, refused);
    expect(await entryLines(f.actor.key, f.companyId, rest.body.data.journal_entry_id)).toEqual({
      "1930": [refused, 0],
      "3001": [0, atRest.revenue],
      "2611": [0, atRest.vat],
    });
    expect(atPayment.revenue + atPayout.revenue + atRest.revenue).toBe(one.parts.revenue);
    expect(atPayment.vat + atPayout.vat + atRest.vat).toBe(one.parts.vat);

    // a second invoice, refused in full: the decision posts no entry; the customer pays it all later
    const two = rut(4);
    expect(two).toMatchObject({ total: 2500, deduction: 1250, customer: 1250 });
    const inv2 = await rutInvoicePaid(4, "2026-09-21");
    const atPayment2 = shareOf(two.parts, two.total, two.customer);
    expect(await entryLines(f.actor.key, f.companyId, inv2.paid.journal_entry_id)).toEqual({
      "1930": [two.customer, 0],
      "3001": [0, atPayment2.revenue],
      "2611": [0, atPayment2.vat],
    });
    const claim2 = await write(f.actor.key, "POST", url(f, "/rot-rut/claims"), { invoice_ids: [inv2.id] });
    expect(claim2.status).toBe(201);
    const entries = await entryCount(f);
    const nothing = await write(f.actor.key, "POST", url(f, `/rot-rut/claims/${claim2.body.data[0].id}/decision`), {
      approved_amount: 0,
      decision_date: "2026-10-16",
    });
    expect(nothing.status).toBe(200);
    expect(nothing.body.data).toMatchObject({
      status: "rejected",
      approved_amount: 0,
      rejected_amount: two.deduction,
      decision_journal_entry_id: null,
    });
    expect(await entryCount(f)).toBe(entries);
    expect(await get(f, `/invoices/${inv2.id}`)).toMatchObject({
      status: "partially_paid",
      deduction_total: 0,
      remaining_amount: two.deduction,
    });
    const rest2 = await act(f, inv2.id, "mark-paid", { payment_date: "2026-10-22" });
    expect(rest2.status).toBe(200);
    const atRest2 = shareOf(two.parts, two.total, two.deduction);
    expect(await entryLines(f.actor.key, f.companyId, rest2.body.data.journal_entry_id)).toEqual({
      "1930": [two.deduction, 0],
      "3001": [0, atRest2.revenue],
      "2611": [0, atRest2.vat],
    });

    // both sales on the books once; each month declares what was received in it
    expect(await balances(f)).toEqual({
      b1510: 0,
      b1513: 0,
      b1930: one.total + two.total,
      b3001: -(one.parts.revenue + two.parts.revenue),
      b2611: -(one.parts.vat + two.parts.vat),
    });
    expect(await vatOfMonth(f, "2026-09")).toEqual({
      box05: atPayment.revenue + atPayment2.revenue,
      box10: atPayment.vat + atPayment2.vat,
    });
    expect(await vatOfMonth(f, "2026-10")).toEqual({
      box05: atPayout.revenue + atRest.revenue + atRest2.revenue,
      box10: atPayout.vat + atRest.vat + atRest2.vat,
    });
  });
});

describe("RUT on the cash method with amounts that do not divide evenly", () => {
  const f = companyFixture({ name: "Udda Städ AB", accounting_method: "cash", ...YEAR });

  /** an entry's credits per line text, in öre (each revenue line carries its item's description) */
  async function creditsByText(entryId: string): Promise<Record<string, number>> {
    const e = await get(f, `/journal-entries/${entryId}`);
    const out: Record<string, number> = {};
    for (const l of e.lines)
      if (l.credit_amount) out[l.line_description] = (out[l.line_description] ?? 0) + Math.round(l.credit_amount * 100);
    return out;
  }

  it("books every line of the sale exactly once over the payment, the payout and the refused part's payment", async () => {
    // cleaning 5 h × 399 = 1 995 net, travel 217 net, VAT 25 % 553, total 2 765;
    // RUT 50 % of 2 493.75 = 1 246.875, rounded down to 1 246 kr; the customer pays 1 519
    const customer_id = await person(f, "Cecilia Udda");
    const created = await write(f.actor.key, "POST", url(f, "/invoices"), {
      customer_id,
      invoice_date: "2026-09-10",
      items: [
        {
          description: "Städning",
          quantity: 5,
          unit: "h",
          unit_price: 399,
          vat_rate: 0.25,
          deduction_type: "rut",
          work_type: "Stadning",
          labor_hours: 5,
        },
        { description: "Resa", quantity: 1, unit_price: 217, vat_rate: 0.25 },
      ],
      deduction_personnummer: A,
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const deduction = Math.floor((1995 * 1.25) / 2);
    expect(created.body.data).toMatchObject({
      total: 2765,
      deduction_total: deduction,
      remaining_amount: 2765 - deduction,
    });
    expect((await act(f, id, "mark-sent")).status).toBe(200);
    const paid = await act(f, id, "mark-paid", { payment_date: "2026-09-20" });
    expect(paid.status).toBe(200);
    const claim = await write(f.actor.key, "POST", url(f, "/rot-rut/claims"), { invoice_ids: [id] });
    expect(claim.status).toBe(201);
    const approved = Math.floor(deduction / 2);
    const decided = await write(f.actor.key, "POST", url(f, `/rot-rut/claims/${claim.body.data[0].id}/decision`), {
      approved_amount: approved,
      decision_date: "2026-10-15",
    });
    expect(decided.status).toBe(200);
    const rest = await act(f, id, "mark-paid", { payment_date: "2026-10-20" });
    expect(rest.status).toBe(200);
    expect(rest.body.data).toMatchObject({ status: "paid", remaining_amount: 0 });

    const total: Record<string, number> = {};
    for (const e of [
      paid.body.data.journal_entry_id,
      decided.body.data.decision_journal_entry_id,
      rest.body.data.journal_entry_id,
    ])
      for (const [k, v] of Object.entries(await creditsByText(e))) total[k] = (total[k] ?? 0) + v;
    expect(total).toEqual({ Städning: 199500, Resa: 21700, "Utgående moms 25 %": 55300 });
    expect(await balances(f)).toEqual({ b1510: 0, b1513: 0, b1930: 2765, b3001: -2212, b2611: -553 });
  });
});

// Bokslutsmetoden at the year's end (BFL 5 kap 2 § tredje stycket: "vid räkenskapsårets
// utgång ska dock samtliga då obetalda fordringar och skulder bokföras"): what Skatteverket
// still owes is a receivable on 1513, what the customer owes one on 1510, each with its
// share of the sale; carried into the next year by the opening balances, so the payout in
// January settles 1513 and books no revenue or VAT again (issue #40).
describe("ROT on the cash method over the year's end", () => {
  const f = companyFixture({ name: "Årsskiftesbygg AB", accounting_method: "cash", ...YEAR });

  async function rotInvoice(date: string, pnr: string) {
    const customer_id = await person(f, `Kund ${pnr}`);
    const created = await write(f.actor.key, "POST", url(f, "/invoices"), {
      customer_id,
      invoice_date: date,
      items: ROT_ITEMS,
      deduction_personnummer: pnr,
      deduction_housing_designation: "Uppsala Kåbo 1:24",
    });
    expect(created.status).toBe(201);
    expect((await act(f, created.body.data.id, "mark-sent")).status).toBe(200);
    return created.body.data.id as string;
  }
  const period = (action: string, body?: unknown) =>
    write(f.actor.key, "POST", url(f, `/fiscal-periods/${f.periodId}/${action}`), body);

  it("books Skatteverket's unpaid part on 1513 and the customer's on 1510, and the payout next year once", async () => {
    // X: the customer paid in December and the claim is sent; Y: nothing paid yet
    const x = await rotInvoice("2026-12-01", A);
    expect((await act(f, x, "mark-paid", { payment_date: "2026-12-10" })).status).toBe(200);
    const claim = await write(f.actor.key, "POST", url(f, "/rot-rut/claims"), { invoice_ids: [x] });
    expect(claim.status).toBe(201);
    const y = await rotInvoice("2026-12-05", B);
    const atPayment = shareOf(ROT.parts, ROT.total, ROT.customer);

    const next = await write(f.actor.key, "POST", url(f, "/fiscal-periods"));
    expect(next.status).toBe(201);
    const nextId = next.body.data.id as string;
    expect((await period("lock")).status).toBe(200);
    const started = await period("year-end");
    expect(started.status).toBe(202);
    const op = await settleOperation(f.actor.key, started.body.data.operation_id);
    expect(op.status).toBe("succeeded");

    // X: Skatteverket's 3 750 with its quarter of the sale; Y: the customer's 11 250 and Skatteverket's 3 750, the whole sale
    const payoutShare = shareOf(ROT.parts, ROT.total, ROT.deduction);
    const cashEntryId = op.result.cash_method_entry_id as string;
    expect(await entryLines(f.actor.key, f.companyId, cashEntryId)).toEqual({
      "1510": [ROT.customer, 0],
      "1513": [2 * ROT.deduction, 0],
      "3001": [0, payoutShare.revenue + ROT.parts.revenue],
      "2611": [0, payoutShare.vat + ROT.parts.vat],
    });
    expect(await balances(f)).toEqual({
      b1510: ROT.customer,
      b1513: 2 * ROT.deduction,
      b1930: ROT.customer,
      b3001: -2 * ROT.parts.revenue,
      b2611: -2 * ROT.parts.vat,
    });

    // next year: the opening balances carry 1510 and 1513 (no reversal, issue #40); the payout in
    // January settles X's part on 1513 and books no revenue or VAT, declared in 2026 already
    const opened = await write(f.actor.key, "POST", url(f, `/fiscal-periods/${f.periodId}/opening-balances`), {
      next_period_id: nextId,
    });
    expect(opened.status).toBe(201);
    expect(opened.body.data.cash_method_reversal_entry_id).toBeNull();
    const decided = await write(f.actor.key, "POST", url(f, `/rot-rut/claims/${claim.body.data[0].id}/decision`), {
      approved_amount: ROT.deduction,
      decision_date: "2027-01-15",
    });
    expect(decided.status).toBe(200);
    expect(await entryLines(f.actor.key, f.companyId, decided.body.data.decision_journal_entry_id)).toEqual({
      "1930": [ROT.deduction, 0],
      "1513": [0, ROT.deduction],
    });
    const tb = await get(f, `/reports/trial-balance?period_id=${nextId}`);
    const at = (acc: string) => tb.accounts.find((a: any) => a.account_number === acc)?.closing_balance ?? 0;
    // the year's revenue from X and Y is the old year's; Y's customer part and deduction stay open on 1510 and 1513
    expect({ b1510: at("1510"), b1513: at("1513"), b1930: at("1930"), b3001: at("3001") }).toEqual({
      b1510: ROT.customer,
      b1513: ROT.deduction,
      b1930: ROT.total,
      b3001: 0,
    });
    // January declares nothing: the year-end's VAT was declared in 2026's last period
    expect(await vatOfMonth(f, "2027-01")).toEqual({ box05: 0, box10: 0 });
    expect(atPayment.revenue + payoutShare.revenue).toBe(ROT.parts.revenue);
    // the year-end changed no invoice: Y is still the customer's to pay, with its deduction to claim
    expect(await get(f, `/invoices/${y}`)).toMatchObject({
      paid_amount: 0,
      deduction_total: ROT.deduction,
      remaining_amount: ROT.customer,
    });
  });
});

describe("a ROT invoice on the cash method credited in part before the customer pays", () => {
  const f = companyFixture({ name: "Kreditbygg AB", accounting_method: "cash", ...YEAR });

  it("books the payment and the payout as shares of the sale after the credit, which books nothing itself", async () => {
    const customer_id = await person(f, "Doris Delkredit");
    const created = await write(f.actor.key, "POST", url(f, "/invoices"), {
      customer_id,
      invoice_date: "2026-09-10",
      items: ROT_ITEMS,
      deduction_personnummer: A,
      deduction_housing_designation: "Uppsala Kåbo 1:25",
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    expect((await act(f, id, "mark-sent")).status).toBe(200);
    const before = await entryCount(f);

    // 2 of the 10 hours credited: 2 000 net + 500 VAT; the deduction falls by 30 % of 2 500 = 750
    const labourItem = created.body.data.items[0].id as string;
    const credit = await act(f, id, "credit", {
      reason: "Två timmar för mycket",
      credit_date: "2026-09-12",
      items: [{ item_id: labourItem, quantity: 2 }],
    });
    expect(credit.status).toBe(201);
    expect(credit.body.data).toMatchObject({ total: -2500, deduction_total: -750, journal_entry_id: null });
    expect(await entryCount(f)).toBe(before);
    const sale = { parts: { revenue: 10000, vat: 2500 }, total: 12500, deduction: ROT.deduction - 750 };
    const customer = sale.total - sale.deduction;
    expect(await get(f, `/invoices/${id}`)).toMatchObject({
      deduction_total: sale.deduction,
      remaining_amount: customer,
    });

    const paid = await act(f, id, "mark-paid", { payment_date: "2026-09-20" });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: "paid", paid_amount: customer });
    const atPayment = shareOf(sale.parts, sale.total, customer);
    expect(await entryLines(f.actor.key, f.companyId, paid.body.data.journal_entry_id)).toEqual({
      "1930": [customer, 0],
      "3001": [0, atPayment.revenue],
      "2611": [0, atPayment.vat],
    });

    const claim = await write(f.actor.key, "POST", url(f, "/rot-rut/claims"), { invoice_ids: [id] });
    expect(claim.status).toBe(201);
    expect(claim.body.data[0].amount).toBe(sale.deduction);
    const decided = await write(f.actor.key, "POST", url(f, `/rot-rut/claims/${claim.body.data[0].id}/decision`), {
      approved_amount: sale.deduction,
      decision_date: "2026-10-15",
    });
    expect(decided.status).toBe(200);
    const atPayout = shareOf(sale.parts, sale.total, sale.deduction);
    expect(await entryLines(f.actor.key, f.companyId, decided.body.data.decision_journal_entry_id)).toEqual({
      "1930": [sale.deduction, 0],
      "3001": [0, atPayout.revenue],
      "2611": [0, atPayout.vat],
    });
    expect(await balances(f)).toEqual({
      b1510: 0,
      b1513: 0,
      b1930: sale.total,
      b3001: -sale.parts.revenue,
      b2611: -sale.parts.vat,
    });
  });
});

describe("ROT and RUT on one cash-method invoice, paid out by two claims", () => {
  const f = companyFixture({ name: "Allt i Hemmet AB", accounting_method: "cash", ...YEAR });

  it("books each line of the sale exactly once over the payment and the two payouts", async () => {
    // ROT 3 h × 301 = 903 net, RUT 4 h × 223 = 892 net, VAT 25 % 448.75, total 2 243.75;
    // ROT 30 % of 1 128.75 = 338 kr, RUT 50 % of 1 115 = 557 kr (rounded down); the customer pays 1 348.75
    const customer_id = await person(f, "Erik Blandad");
    const created = await write(f.actor.key, "POST", url(f, "/invoices"), {
      customer_id,
      invoice_date: "2026-09-10",
      items: [
        { ...ROT_ITEMS[0], quantity: 3, unit_price: 301, labor_hours: 3 },
        {
          description: "Städning",
          quantity: 4,
          unit: "h",
          unit_price: 223,
          vat_rate: 0.25,
          deduction_type: "rut",
          work_type: "Stadning",
          labor_hours: 4,
        },
      ],
      deduction_personnummer: A,
      deduction_housing_designation: "Uppsala Kåbo 1:27",
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const rot = Math.floor(903 * 1.25 * 0.3);
    const rutD = Math.floor(892 * 1.25 * 0.5);
    expect(created.body.data).toMatchObject({ total: 2243.75, deduction_total: rot + rutD });
    expect((await act(f, id, "mark-sent")).status).toBe(200);
    const paid = await act(f, id, "mark-paid", { payment_date: "2026-09-20" });
    expect(paid.status).toBe(200);
    expect(paid.body.data.paid_amount).toBe(2243.75 - rot - rutD);

    // one claim per type; ROT paid out in October, RUT in November
    const claims = await write(f.actor.key, "POST", url(f, "/rot-rut/claims"), { invoice_ids: [id] });
    expect(claims.status).toBe(201);
    const byType = Object.fromEntries(claims.body.data.map((c: any) => [c.type, c]));
    expect({ rot: byType.rot.amount, rut: byType.rut.amount }).toEqual({ rot, rut: rutD });
    const entries = [paid.body.data.journal_entry_id as string];
    for (const [type, date] of [
      ["rot", "2026-10-15"],
      ["rut", "2026-11-16"],
    ] as const) {
      const d = await write(f.actor.key, "POST", url(f, `/rot-rut/claims/${byType[type].id}/decision`), {
        approved_amount: byType[type].amount,
        decision_date: date,
      });
      expect(d.status).toBe(200);
      expect(await entryLines(f.actor.key, f.companyId, d.body.data.decision_journal_entry_id)).toMatchObject({
        "1930": [byType[type].amount, 0],
      });
      entries.push(d.body.data.decision_journal_entry_id);
    }

    const total: Record<string, number> = {};
    for (const e of entries) {
      const entry = await get(f, `/journal-entries/${e}`);
      for (const l of entry.lines)
        if (l.credit_amount)
          total[l.line_description] = (total[l.line_description] ?? 0) + Math.round(l.credit_amount * 100);
    }
    expect(total).toEqual({ "Arbete Bygg": 90300, Städning: 89200, "Utgående moms 25 %": 44875 });
    expect(await balances(f)).toEqual({ b1510: 0, b1513: 0, b1930: 2243.75, b3001: -1795, b2611: -448.75 });
  });
});
