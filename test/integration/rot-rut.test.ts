// ROT and RUT through the API: invoices with the deduction, the split receivable
// (1510 / 1513), payments, credit notes, claims to Skatteverket and their decisions,
// against books computed by hand (ROT 30 %, RUT 50 % in 2026; caps 50 000 / 75 000 kr).
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, companyFixture, day, entryLines, write, yearAroundToday } from "../helpers";

const A = "19840601-2388";
const B = "19850215-2393";
const C = "19700101-1233";
const url = (f: { companyId: string }, p: string) => `/api/v1/companies/${f.companyId}${p}`;
type F = ReturnType<typeof companyFixture>;

async function person(f: F, name = "Anna Andersson") {
  const res = await write(f.actor.key, "POST", url(f, "/customers"), {
    name,
    customer_type: "individual",
    default_payment_terms: 30,
  });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}
const labour = (net: number, hours: number, work_type = "Bygg", deduction_type = "rot") => ({
  description: `Arbete ${work_type}`,
  quantity: hours,
  unit: "h",
  unit_price: net / hours,
  vat_rate: 0.25,
  deduction_type,
  work_type,
  labor_hours: hours,
});
const create = (f: F, body: Record<string, unknown>) =>
  write(f.actor.key, "POST", url(f, "/invoices"), { invoice_date: day(-10), ...body });
const act = (f: F, id: string, action: string, body: Record<string, unknown> = {}) =>
  write(f.actor.key, "POST", url(f, `/invoices/${id}/${action}`), body);
const get = async (f: F, p: string) => (await call("GET", url(f, p), { key: f.actor.key })).body.data;
async function balances(f: F) {
  const tb = await get(f, `/reports/trial-balance?period_id=${f.periodId}`);
  expect(tb.balanced).toBe(true);
  const at = (acc: string) => tb.accounts.find((x: any) => x.account_number === acc)?.closing_balance ?? 0;
  return { b1510: at("1510"), b1513: at("1513"), b1930: at("1930"), b3001: at("3001"), b2611: at("2611") };
}
async function vat(f: F) {
  const v = await get(f, `/reports/vat-declaration?period_id=${f.periodId}`);
  return { box05: v.boxes["05"].amount, box10: v.boxes["10"].amount };
}
const invoiceCount = async (f: F) => (await get(f, "/invoices?limit=100")).length;
const claimCount = async (f: F) => (await get(f, "/rot-rut/claims?limit=100")).length;

describe("a ROT invoice with labour, material and travel, claimed, partly refused, then credited", () => {
  const f = companyFixture({ name: "Bygg & Rör AB", ...yearAroundToday() });

  it("walks the whole life of the invoice through the books", async () => {
    const customerId = await person(f);
    const res = await create(f, {
      customer_id: customerId,
      items: [
        labour(8000, 10),
        { description: "Material kakel", quantity: 1, unit_price: 4000, vat_rate: 0.25, work_type: "Bygg" },
        { description: "Resor", quantity: 1, unit_price: 400, vat_rate: 0.25 },
      ],
      deduction_personnummer: [{ personnummer: A }],
      deduction_housing_designation: "Uppsala Kåbo 1:23",
    });
    expect(res.status).toBe(201);
    const inv = res.body.data;
    // labour 8 000 + 25 % = 10 000; ROT 30 % = 3 000; material and travel not deducted
    expect(inv).toMatchObject({
      subtotal: 12400,
      vat_amount: 3100,
      total: 15500,
      deduction_total: 3000,
      remaining_amount: 12500,
    });
    expect(inv.deduction.buyers).toEqual([
      {
        personnummer: "********-2388",
        share: 1,
        labour_rot: 10000,
        labour_rut: 0,
        deduction_rot: 3000,
        deduction_rut: 0,
        capped: false,
      },
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/19840601-?2388|8406012388/);
    expect(inv.items[0]).toMatchObject({ deduction_type: "rot", work_type: "Bygg", labor_hours: 10 });

    const sent = await act(f, inv.id, "mark-sent");
    expect(sent.status).toBe(200);
    expect(await entryLines(f.actor.key, f.companyId, sent.body.data.journal_entry_id)).toEqual({
      "1510": [12500, 0],
      "1513": [3000, 0],
      "3001": [0, 12400],
      "2611": [0, 3100],
    });
    expect(await vat(f)).toEqual({ box05: 12400, box10: 3100 });

    // the PDF: the deduction, what to pay, Skatteverket's wording (rendered and looked at: see the report)
    const pdf = await SELF.fetch(`http://localhost${url(f, `/invoices/${inv.id}/pdf`)}`, {
      headers: { Authorization: `Bearer ${f.actor.key}` },
    });
    expect(pdf.status).toBe(200);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(1000);
    if (typeof process !== "undefined" && process.env?.ROT_RUT_PDF_DUMP)
      console.log(`PDF-BASE64:${btoa(String.fromCharCode(...bytes))}`);

    // a claim before the customer has paid is refused and leaves nothing
    const early = await write(f.actor.key, "POST", url(f, "/rot-rut/claims"), { invoice_ids: [inv.id] });
    expect(early.status).toBe(400);
    expect(early.body.error.code).toBe("INVOICE_CREATE_ROT_RUT_VALIDATION");
    expect(early.body.error.details.fields[0].path).toBe("invoice_ids[0]");
    expect(await claimCount(f)).toBe(0);

    // the customer pays the total less the deduction: settles 1510 only
    const paid = await act(f, inv.id, "mark-paid", { payment_date: day(-5) });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: "paid", paid_amount: 12500, remaining_amount: 0 });
    expect(await entryLines(f.actor.key, f.companyId, paid.body.data.journal_entry_id)).toEqual({
      "1930": [12500, 0],
      "1510": [0, 12500],
    });
    expect(await balances(f)).toMatchObject({ b1510: 0, b1513: 3000, b1930: 12500 });

    const claim = await write(f.actor.key, "POST", url(f, "/rot-rut/claims"), { invoice_ids: [inv.id] });
    expect(claim.status).toBe(201);
    expect(claim.body.data).toHaveLength(1);
    const c = claim.body.data[0];
    expect(c).toMatchObject({
      type: "rot",
      year: Number(day(-5).slice(0, 4)),
      status: "claimed",
      buyers: 1,
      cases: 1,
      amount: 3000,
      name: `ROT ${day(-5).slice(0, 4)}`,
    });
    const xml = await call("GET", url(f, `/rot-rut/claims/${c.id}/xml`), { key: f.actor.key });
    const text = typeof xml.body === "string" ? xml.body : JSON.stringify(xml.body);
    expect(xml.status).toBe(200);
    for (const el of [
      "<ns2:Kopare>198406012388</ns2:Kopare>",
      `<ns2:BetalningsDatum>${day(-5)}</ns2:BetalningsDatum>`,
      "<ns2:PrisForArbete>10000</ns2:PrisForArbete>",
      "<ns2:BetaltBelopp>7000</ns2:BetaltBelopp>",
      "<ns2:BegartBelopp>3000</ns2:BegartBelopp>",
      "<ns2:Ovrigkostnad>500</ns2:Ovrigkostnad>",
      "<ns2:Fastighetsbeteckning>Uppsala Kåbo 1:23</ns2:Fastighetsbeteckning>",
      "<ns2:AntalTimmar>10</ns2:AntalTimmar>",
      "<ns2:Materialkostnad>5000</ns2:Materialkostnad>",
    ])
      expect(text).toContain(el);

    // an invoice is claimed once
    const again = await write(f.actor.key, "POST", url(f, "/rot-rut/claims"), { invoice_ids: [inv.id] });
    expect(again.status).toBe(400);
    expect(again.body.error.details.fields[0].message).toContain("already in claim");
    expect(await claimCount(f)).toBe(1);

    // a decision above the claim is refused, and leaves nothing
    const over = await write(f.actor.key, "POST", url(f, `/rot-rut/claims/${c.id}/decision`), {
      approved_amount: 3000.01,
    });
    expect(over.status).toBe(400);
    expect((await get(f, `/rot-rut/claims/${c.id}`)).status).toBe("claimed");

    // Skatteverket approves 2 000 of 3 000: the payout settles 1513, the rest is the customer's again
    const decided = await write(f.actor.key, "POST", url(f, `/rot-rut/claims/${c.id}/decision`), {
      approved_amount: 2000,
      decision_date: day(-1),
    });
    expect(decided.status).toBe(200);
    expect(decided.body.data).toMatchObject({
      status: "paid",
      approved_amount: 2000,
      rejected_amount: 1000,
      invoices: [{ invoice_id: inv.id, amount: 3000, rejected_amount: 1000 }],
    });
    expect(await entryLines(f.actor.key, f.companyId, decided.body.data.decision_journal_entry_id)).toEqual({
      "1930": [2000, 0],
      "1513": [0, 3000],
      "1510": [1000, 0],
    });
    expect(await get(f, `/invoices/${inv.id}`)).toMatchObject({
      status: "partially_paid",
      deduction_total: 2000,
      remaining_amount: 1000,
    });
    expect(await balances(f)).toMatchObject({ b1510: 1000, b1513: 0, b1930: 14500 });
    expect(await vat(f)).toEqual({ box05: 12400, box10: 3100 });
    const twice = await write(f.actor.key, "POST", url(f, `/rot-rut/claims/${c.id}/decision`), {
      approved_amount: 3000,
    });
    expect(twice.status).toBe(409);

    const rest = await act(f, inv.id, "mark-paid", { payment_date: day(0) });
    expect(rest.status).toBe(200);
    expect(rest.body.data).toMatchObject({ status: "paid", paid_amount: 13500, remaining_amount: 0 });
    expect(await balances(f)).toMatchObject({ b1510: 0, b1513: 0, b1930: 15500 });

    // credit after the claim: the labour line in full; the deduction still standing (2 000) comes off 1513,
    // which goes negative: the company owes Skatteverket the payout back
    const items = (await get(f, `/invoices/${inv.id}?expand=items`)).items;
    const credit = await act(f, inv.id, "credit", {
      reason: "Arbetet gjordes om utan kostnad",
      items: [{ item_id: items[0].id }],
    });
    expect(credit.status).toBe(201);
    expect(credit.body.data).toMatchObject({ total: -10000, deduction_total: -2000 });
    expect(await entryLines(f.actor.key, f.companyId, credit.body.data.journal_entry_id)).toEqual({
      "3001": [8000, 0],
      "2611": [2000, 0],
      "1513": [0, 2000],
      "1510": [0, 8000],
    });
    expect(await get(f, `/invoices/${inv.id}`)).toMatchObject({
      deduction_total: 0,
      credited_amount: 10000,
      remaining_amount: -8000,
    });
    expect(await balances(f)).toMatchObject({ b1510: -8000, b1513: -2000 });
    expect(await vat(f)).toEqual({ box05: 4400, box10: 1100 });
  });
});

describe("the caps across invoices and buyers, split buyers, mixed ROT and RUT", () => {
  const f = companyFixture({ name: "Hem & Trädgård AB", ...yearAroundToday() });

  it("holds each buyer within 50 000 kr ROT and 75 000 kr ROT + RUT a year", async () => {
    const anna = await person(f);
    const both = await person(f, "Bertil och Anna");
    // A: ROT labour 150 000 incl. VAT -> 45 000
    const x = await create(f, {
      customer_id: anna,
      items: [labour(120000, 100)],
      deduction_personnummer: [{ personnummer: A }],
      deduction_housing_designation: "Ort 1:1",
    });
    expect(x.status).toBe(201);
    expect(x.body.data.deduction_total).toBe(45000);
    // A and B half each of ROT labour 100 000: B 15 000; A only 5 000 left of the ROT cap
    const y = await create(f, {
      customer_id: both,
      items: [
        labour(80000, 50),
        { description: "Material", quantity: 1, unit_price: 10000, vat_rate: 0.25, work_type: "Bygg" },
      ],
      deduction_personnummer: [
        { personnummer: A, share: 0.5 },
        { personnummer: B, share: 0.5 },
      ],
      deduction_apartment_number: "1203",
      deduction_brf_org_number: "769600-2117",
    });
    expect(y.status).toBe(201);
    expect(y.body.data.deduction_total).toBe(20000);
    expect(y.body.data.deduction.buyers.map((b: any) => [b.personnummer, b.deduction_rot, b.capped])).toEqual([
      ["********-2388", 5000, true],
      ["********-2393", 15000, false],
    ]);
    // A's RUT: 75 000 - 50 000 = 25 000 left of the common cap (wanted 50 % of 60 000 = 30 000); C gets his share in full
    const z = await create(f, {
      customer_id: anna,
      items: [labour(48000, 80, "Stadning", "rut"), labour(8000, 10, "Tradgardsarbete", "rut")],
      deduction_personnummer: [
        { personnummer: A, share: 0.6 },
        { personnummer: C, share: 0.4 },
      ],
    });
    expect(z.status).toBe(201);
    // labour 70 000: A 42 000 -> 21 000 (within 25 000), C 28 000 -> 14 000
    expect(z.body.data.deduction.buyers.map((b: any) => b.deduction_rut)).toEqual([21000, 14000]);
    const w = await create(f, {
      customer_id: anna,
      items: [labour(40000, 20, "Stadning", "rut")],
      deduction_personnummer: [{ personnummer: A }],
    });
    expect(w.status).toBe(201);
    // A has 4 000 left of the common cap
    expect(w.body.data.deduction_total).toBe(4000);

    // issue and pay y: both buyers' cases in one claim file, the apartment in each
    expect((await act(f, y.body.data.id, "mark-sent")).status).toBe(200);
    const before = await balances(f);
    expect(before).toMatchObject({ b1510: 112500 - 20000, b1513: 20000 });
    expect(await vat(f)).toEqual({ box05: 90000, box10: 22500 });
    expect((await act(f, y.body.data.id, "mark-paid", { payment_date: day(-2) })).status).toBe(200);
    const claim = await write(f.actor.key, "POST", url(f, "/rot-rut/claims"), {
      year: Number(day(-2).slice(0, 4)),
      type: "rot",
    });
    expect(claim.status).toBe(201);
    expect(claim.body.data[0]).toMatchObject({ buyers: 2, cases: 2, amount: 20000 });
    const xml = await call("GET", url(f, `/rot-rut/claims/${claim.body.data[0].id}/xml`), { key: f.actor.key });
    const text = typeof xml.body === "string" ? xml.body : JSON.stringify(xml.body);
    expect(text).toContain("<ns2:LagenhetsNr>1203</ns2:LagenhetsNr>");
    expect(text).toContain("<ns2:BrfOrgNr>167696002117</ns2:BrfOrgNr>");
    expect(text).toContain("<ns2:BegartBelopp>5000</ns2:BegartBelopp>");
    expect(text).toContain("<ns2:BegartBelopp>15000</ns2:BegartBelopp>");
    // refused in full: the whole deduction becomes the buyers' debt
    const rejected = await write(f.actor.key, "POST", url(f, `/rot-rut/claims/${claim.body.data[0].id}/decision`), {
      approved_amount: 0,
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.status).toBe("rejected");
    expect(await balances(f)).toMatchObject({ b1510: 20000, b1513: 0 });
    expect(await get(f, `/invoices/${y.body.data.id}`)).toMatchObject({ remaining_amount: 20000, deduction_total: 0 });
  });

  it("refuses what the rules forbid, naming the field, and leaves nothing", async () => {
    const anna = await person(f, "Cecilia");
    const business = (
      await write(f.actor.key, "POST", url(f, "/customers"), {
        name: "Företaget AB",
        customer_type: "swedish_business",
      })
    ).body.data.id;
    const n = await invoiceCount(f);
    const cases: [Record<string, unknown>, string][] = [
      [
        {
          customer_id: business,
          items: [labour(1000, 1)],
          deduction_personnummer: [{ personnummer: A }],
          deduction_housing_designation: "Ort 1:1",
        },
        "customer_id",
      ],
      [
        { customer_id: anna, items: [labour(1000, 1)], deduction_personnummer: [{ personnummer: A }] },
        "deduction_housing_designation",
      ],
      [
        {
          customer_id: anna,
          items: [labour(1000, 1)],
          deduction_personnummer: [
            { personnummer: A, share: 0.5 },
            { personnummer: B, share: 0.4 },
          ],
          deduction_housing_designation: "Ort 1:1",
        },
        "deduction_personnummer",
      ],
      [
        {
          customer_id: anna,
          items: [{ ...labour(1000, 1), work_type: "Stadning" }],
          deduction_personnummer: [{ personnummer: A }],
          deduction_housing_designation: "Ort 1:1",
        },
        "items[0].work_type",
      ],
      [
        {
          customer_id: anna,
          items: [{ ...labour(1000, 1), labor_hours: undefined }],
          deduction_personnummer: [{ personnummer: A }],
          deduction_housing_designation: "Ort 1:1",
        },
        "items[0].labor_hours",
      ],
      [
        {
          customer_id: anna,
          items: [labour(1000, 1)],
          deduction_personnummer: [{ personnummer: "19840601-2389" }],
          deduction_housing_designation: "Ort 1:1",
        },
        "deduction_personnummer[0].personnummer",
      ],
      [
        {
          customer_id: anna,
          items: [labour(1000, 1)],
          currency: "EUR",
          exchange_rate: 11,
          deduction_personnummer: [{ personnummer: A }],
          deduction_housing_designation: "Ort 1:1",
        },
        "currency",
      ],
    ];
    for (const [body, path] of cases) {
      const res = await create(f, body);
      expect(res.status, path).toBe(400);
      expect(res.body.error.code).toBe("INVOICE_CREATE_ROT_RUT_VALIDATION");
      expect(res.body.error.details.fields.map((x: any) => x.path)).toContain(path);
    }
    expect(await invoiceCount(f)).toBe(n);
  });
});
