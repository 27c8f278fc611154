import { describe, expect, it } from "vitest";
import { call, companyFixture, day, write, yearAroundToday } from "../helpers";
import { booksDb } from "../books";

const f = companyFixture({ name: "Expand AB", ...yearAroundToday() });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;
const get = (p: string) => call("GET", url(p), { key: f.actor.key });
const post = (p: string, body: unknown) => write(f.actor.key, "POST", url(p), body);

async function invoiceFor(customer: Record<string, unknown>) {
  const c = await post("/customers", customer);
  expect(c.status).toBe(201);
  const inv = await post("/invoices", {
    customer_id: c.body.data.id,
    invoice_date: day(-3),
    items: [{ description: "Konsult", quantity: 1, unit_price: 1000, vat_rate: 0.25 }],
  });
  expect(inv.status).toBe(201);
  return { customerId: c.body.data.id as string, invoiceId: inv.body.data.id as string };
}

describe("meta.partial_expansions on invoices", () => {
  it("is absent when every expansion resolves", async () => {
    const { invoiceId } = await invoiceFor({ name: "Hel AB", customer_type: "swedish_business" });
    const res = await get(`/invoices/${invoiceId}?expand=customer,items`);
    expect(res.status).toBe(200);
    expect(res.body.data.customer.name).toBe("Hel AB");
    expect(res.body.meta).not.toHaveProperty("partial_expansions");
  });

  it("names customer when the customer's stored personnummer cannot be decrypted, instead of failing the read", async () => {
    const { customerId, invoiceId } = await invoiceFor({
      name: "Trasig Person",
      customer_type: "individual",
      personal_number: "811218-9876",
    });
    await booksDb
      .prepare("UPDATE customers SET personal_number_enc = 'v1.AAAAAAAAAAAAAAAA.AAAA' WHERE id = ?")
      .bind(customerId)
      .run();
    const one = await get(`/invoices/${invoiceId}?expand=customer,items`);
    expect(one.status).toBe(200);
    expect(one.body.data.customer).toMatchObject({ id: customerId, name: "Trasig Person", personal_number: null });
    expect(one.body.data.items).toHaveLength(1);
    expect(one.body.meta.partial_expansions).toEqual(["customer"]);
    const list = await get("/invoices?expand=customer&limit=100");
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeGreaterThanOrEqual(2);
    expect(list.body.meta.partial_expansions).toEqual(["customer"]);
    // without the expansion nothing is partial
    expect((await get(`/invoices/${invoiceId}`)).body.meta).not.toHaveProperty("partial_expansions");
  });

  it("names customer when the customer record is gone (customer: null)", async () => {
    const { customerId, invoiceId } = await invoiceFor({ name: "Borta AB", customer_type: "swedish_business" });
    await booksDb.prepare("DELETE FROM customers WHERE id = ?").bind(customerId).run();
    const res = await get(`/invoices/${invoiceId}?expand=customer,payments`);
    expect(res.status).toBe(200);
    expect(res.body.data.customer).toBeNull();
    expect(res.body.data.payments).toEqual([]);
    expect(res.body.meta.partial_expansions).toEqual(["customer"]);
  });
});

describe("meta.partial_expansions on supplier invoices", () => {
  it("names supplier when the supplier record is gone, and nothing when it is there", async () => {
    const sup = await post("/suppliers", { name: "Lev Borta AB", supplier_type: "swedish_business" });
    const si = await post("/supplier-invoices", {
      supplier_id: sup.body.data.id,
      supplier_invoice_number: "PE-1",
      invoice_date: day(-3),
      items: [{ description: "Varor", amount: 800, account_number: "4010", vat_rate: 0.25 }],
    });
    expect(si.status, JSON.stringify(si.body)).toBe(201);
    const id = si.body.data.id;
    const whole = await get(`/supplier-invoices/${id}?expand=supplier`);
    expect(whole.body.data.supplier.name).toBe("Lev Borta AB");
    expect(whole.body.meta).not.toHaveProperty("partial_expansions");
    await booksDb.prepare("DELETE FROM suppliers WHERE id = ?").bind(sup.body.data.id).run();
    const res = await get(`/supplier-invoices/${id}?expand=supplier,items`);
    expect(res.status).toBe(200);
    expect(res.body.data.supplier).toBeNull();
    expect(res.body.data.items).toHaveLength(1);
    expect(res.body.meta.partial_expansions).toEqual(["supplier"]);
    const list = await get("/supplier-invoices?expand=supplier&limit=100");
    expect(list.body.meta.partial_expansions).toEqual(["supplier"]);
  });
});
