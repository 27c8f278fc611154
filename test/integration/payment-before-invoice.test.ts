// A payment dated before the invoice it pays is refused (src/ledger/settlement.ts,
// paymentDateOnOrAfter): the claim or the debt does not exist before the invoice date, so
// such a payment would turn 1510 or 2440 the wrong way in an earlier period, even an earlier
// year (found in a year-end walk: an interest invoice of 2026 "paid" in 2025 left 1510 at
// -1 130.14 in the closed year's balance sheet and its SRU file).
import { describe, expect, it } from "vitest";
import { companyFixture, countOf, day, write, yearAroundToday } from "../helpers";

const f = companyFixture({ name: "Datumkoll AB", ...yearAroundToday() });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;
const entries = () => countOf("SELECT count(*) AS n FROM journal_entries WHERE company_id = ?", f.companyId);

describe("a payment before the invoice date", () => {
  it("is refused on a customer invoice, writes nothing, and the invoice's own date is accepted", async () => {
    const customer = await write(f.actor.key, "POST", url("/customers"), { name: "Kund", customer_type: "individual" });
    const draft = await write(f.actor.key, "POST", url("/invoices"), {
      customer_id: customer.body.data.id,
      invoice_date: day(-5),
      items: [{ description: "Tjänst", quantity: 1, unit_price: 1000, vat_rate: 0.25 }],
    });
    const id = draft.body.data.id;
    expect((await write(f.actor.key, "POST", url(`/invoices/${id}/mark-sent`))).status).toBe(200);
    const before = await entries();
    const early = await write(f.actor.key, "POST", url(`/invoices/${id}/mark-paid`), { payment_date: day(-6) });
    expect(early.status).toBe(400);
    expect(early.body.error.code).toBe("VALIDATION_ERROR");
    expect(early.body.error.details).toMatchObject({ payment_date: day(-6), invoice_date: day(-5) });
    expect(await entries()).toBe(before);
    const paid = await write(f.actor.key, "POST", url(`/invoices/${id}/mark-paid`), { payment_date: day(-5) });
    expect(paid.status).toBe(200);
    expect(paid.body.data.status).toBe("paid");
    expect(await entries()).toBe(before + 1);
  });

  it("is refused on a supplier invoice too", async () => {
    const supplier = await write(f.actor.key, "POST", url("/suppliers"), {
      name: "Grossisten AB",
      supplier_type: "swedish_business",
      default_expense_account: "4010",
    });
    const si = await write(f.actor.key, "POST", url("/supplier-invoices"), {
      supplier_id: supplier.body.data.id,
      supplier_invoice_number: "D-1",
      invoice_date: day(-3),
      items: [{ description: "Varor", amount: 800, vat_rate: 0.25 }],
    });
    expect(si.status).toBe(201);
    const before = await entries();
    const early = await write(f.actor.key, "POST", url(`/supplier-invoices/${si.body.data.id}/mark-paid`), {
      payment_date: day(-4),
    });
    expect(early.status).toBe(400);
    expect(early.body.error.details).toMatchObject({ payment_date: day(-4), invoice_date: day(-3) });
    expect(await entries()).toBe(before);
  });
});
