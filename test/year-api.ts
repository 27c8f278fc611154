// The calls the scripted-year tests make (test/integration/automatic-year*.test.ts): a company's
// clock set to a day of 2027, its trial balance and VAT declarations, and the three contracts.
import { SELF } from "cloudflare:test";
import { afterEach, expect } from "vitest";
import { nowMs, shiftClock } from "../src/clock";
import { type Actor, type ApiResponse, BASE, call, newKey, uniqueKey, write } from "./helpers";

export const YEAR_2027 = { first_fiscal_year: { start_date: "2027-01-01", end_date: "2027-12-31" } };
export type Co = { actor: Actor; companyId: string; periodId: string };

let shifted = 0;
/** Sets the service's clock to noon of `date`; every test of the file gets it back afterwards. */
export function today(date: string) {
  const by = Date.parse(`${date}T12:00:00Z`) - nowMs();
  shiftClock(by);
  shifted += by;
}
export function restoreClockAfterEach() {
  afterEach(() => {
    shiftClock(-shifted);
    shifted = 0;
  });
}

/** A new key of the company's user, as each test of a fixture gets: a long script stays inside the 100 calls a minute a key may make. */
export async function freshKey(c: Co) {
  c.actor = { ...c.actor, ...(await newKey(c.actor.userId)) };
}

export const url = (c: Co, p: string) => `/api/v1/companies/${c.companyId}${p}`;
export const get = (c: Co, p: string) => call("GET", url(c, p), { key: c.actor.key });
export const post = (c: Co, p: string, body?: unknown) => write(c.actor.key, "POST", url(c, p), body);
export const expectOk = (res: ApiResponse, status = 200) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body.data;
};
export const customer = async (c: Co, name: string) =>
  expectOk(await post(c, "/customers", { name, customer_type: "swedish_business" }), 201).id as string;

/** The trial balance of the year: closing balance by account. */
export async function balances(c: Co) {
  const tb = expectOk(await get(c, `/reports/trial-balance?period_id=${c.periodId}`));
  return Object.fromEntries(tb.accounts.map((a: any) => [a.account_number, a.closing_balance])) as Record<
    string,
    number
  >;
}

export const QUARTERS = [
  ["01-01", "03-31"],
  ["04-01", "06-30"],
  ["07-01", "09-30"],
  ["10-01", "12-31"],
] as const;

/** The VAT declaration's boxes of each quarter of 2027. */
export async function quarterBoxes(c: Co) {
  const out = [];
  for (const [from, to] of QUARTERS) {
    const q = `/reports/vat-declaration?period_id=${c.periodId}&from_date=2027-${from}&to_date=2027-${to}`;
    out.push(expectOk(await get(c, q)).boxes as Record<string, { amount: number }>);
  }
  return out;
}

/** A file uploaded to the company's document archive (multipart, as a client sends it): its id. */
export async function upload(c: Co, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append("file", new File([bytes], name, { type: "application/pdf" }));
  const res = await SELF.fetch(`${BASE}${url(c, "/documents")}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${c.actor.key}`, "Idempotency-Key": uniqueKey() },
    body: form,
  });
  const body = (await res.json()) as any;
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.data.id as string;
}

export const CONTRACTS = [
  {
    who: "Hyresgästen AB",
    interval: "month",
    every: 1,
    items: [{ description: "Hyra", quantity: 1, unit_price: 8000, vat_rate: 0.25 }],
  },
  {
    who: "Servicekunden AB",
    interval: "quarter",
    every: 3,
    items: [{ description: "Service", quantity: 3, unit_price: 1250.5, vat_rate: 0.25 }],
  },
  {
    who: "Licenskunden AB",
    interval: "year",
    every: 12,
    items: [{ description: "Licens", quantity: 1, unit_price: 24000, vat_rate: 0.25 }],
  },
];

/** The contract's body: invoiced on the 1st, marked sent, 30 days to pay, over 2027. */
export const contractBody = (k: (typeof CONTRACTS)[number], customerId: string) => ({
  customer_id: customerId,
  name: k.who,
  interval: k.interval,
  start_date: "2027-01-01",
  end_date: "2027-12-31",
  invoice_day: 1,
  days_in_advance: 0,
  action: "mark_sent",
  payment_terms_days: 30,
  items: k.items,
});
