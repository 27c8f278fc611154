// A month of a company's books for the payment loop's tests (issue #44): the month before the
// current one (every date in it has passed), its suppliers, customer invoices sent, and the
// trial balance in öre per account.
import { expect } from "vitest";
import { type Actor, call, write } from "./helpers";
import { bankFiles } from "./iso20022-files";

/** Kronor as öre. */
export const ore = (kr: number) => Math.round(kr * 100);

/** The month before the current one (YYYY-MM), and the bank's file builders of it. */
export function lastMonth() {
  const now = new Date();
  const M = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
  return { M, ...bankFiles(M) };
}

/** The company's writes and reads the tests share; `f` is a companyFixture. */
export function monthBooks(f: { actor: Actor; companyId: string; periodId: string }, month: string) {
  const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;
  const get = async (p: string) => (await call("GET", url(p), { key: f.actor.key })).body;

  async function supplier(body: Record<string, unknown>) {
    const res = await write(f.actor.key, "POST", url("/suppliers"), {
      supplier_type: "swedish_business",
      default_expense_account: "4010",
      default_payment_terms: 30,
      ...body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as string;
  }

  /** A customer of its own and an invoice to it of one item at 25 % VAT, dated the 2nd, sent. */
  async function customerInvoice(price: number, name = `Kund ${price} AB`) {
    const cust = await write(f.actor.key, "POST", url("/customers"), {
      name,
      customer_type: "swedish_business",
      default_payment_terms: 30,
    });
    expect(cust.status, JSON.stringify(cust.body)).toBe(201);
    const created = await write(f.actor.key, "POST", url("/invoices"), {
      customer_id: cust.body.data.id,
      invoice_date: `${month}-02`,
      items: [{ description: "Konsult", quantity: 1, unit_price: price, vat_rate: 0.25 }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sent = await write(f.actor.key, "POST", url(`/invoices/${created.body.data.id}/mark-sent`));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    return sent.body.data as { id: string; total: number; ocr_number: string | null; invoice_number: string };
  }

  /** The trial balance of the fiscal year: closing balance per account, in öre. */
  async function balances(): Promise<Record<string, number>> {
    const tb = await call("GET", url(`/reports/trial-balance?period_id=${f.periodId}`), { key: f.actor.key });
    expect(tb.status).toBe(200);
    return Object.fromEntries(tb.body.data.accounts.map((a: any) => [a.account_number, ore(a.closing_balance)]));
  }

  return { url, get, supplier, customerInvoice, balances };
}
