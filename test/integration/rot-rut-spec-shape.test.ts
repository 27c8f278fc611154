// deduction_personnummer in the spec's shape (issue #29 item 15): one personnummer as a
// string is one buyer with the whole share, booked exactly as the list form
// [{ personnummer }]; the list of buyers with shares keeps working.
import { describe, expect, it } from "vitest";
import { call, companyFixture, day, entryLines, write, yearAroundToday } from "../helpers";

const A = "19840601-2388";
const url = (f: { companyId: string }, p: string) => `/api/v1/companies/${f.companyId}${p}`;
type F = ReturnType<typeof companyFixture>;

const labour = { description: "Arbete Bygg", quantity: 80, unit: "h", unit_price: 100, vat_rate: 0.25 };
const rotLine = { ...labour, deduction_type: "rot", work_type: "Bygg", labor_hours: 80 };

async function person(f: F) {
  const res = await write(f.actor.key, "POST", url(f, "/customers"), {
    name: "Anna Andersson",
    customer_type: "individual",
    default_payment_terms: 30,
  });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}
const create = (f: F, body: Record<string, unknown>) =>
  write(f.actor.key, "POST", url(f, "/invoices"), { invoice_date: day(-5), ...body });

describe("deduction_personnummer as one string", () => {
  const f = companyFixture({ name: "Strängbygg AB", ...yearAroundToday() });

  it("is one buyer with the whole share: 201, and the books split 1510 / 1513 as for the list", async () => {
    const customer_id = await person(f);
    const res = await create(f, {
      customer_id,
      items: [rotLine],
      deduction_personnummer: A,
      deduction_housing_designation: "Uppsala Kåbo 1:23",
    });
    expect(res.status).toBe(201);
    // labour 8 000 + 25 % VAT = 10 000; ROT 30 % = 3 000
    expect(res.body.data).toMatchObject({ total: 10000, deduction_total: 3000, remaining_amount: 7000 });
    expect(res.body.data.deduction.buyers).toEqual([
      expect.objectContaining({ personnummer: "********-2388", share: 1, deduction_rot: 3000 }),
    ]);
    const sent = await write(f.actor.key, "POST", url(f, `/invoices/${res.body.data.id}/mark-sent`), {});
    expect(sent.status).toBe(200);
    const lines = await entryLines(f.actor.key, f.companyId, sent.body.data.journal_entry_id);
    expect(lines).toEqual({ "1510": [7000, 0], "1513": [3000, 0], "3001": [0, 8000], "2611": [0, 2000] });
  });

  it("keeps the list of buyers with shares", async () => {
    const customer_id = await person(f);
    const res = await create(f, {
      customer_id,
      items: [rotLine],
      deduction_personnummer: [{ personnummer: A, share: 1 }],
      deduction_housing_designation: "Uppsala Kåbo 1:24",
    });
    expect(res.status).toBe(201);
    expect(res.body.data.deduction_total).toBe(3000);
  });

  it("refuses a malformed string with the ROT/RUT code and writes nothing", async () => {
    const customer_id = await person(f);
    const before = (await call("GET", url(f, "/invoices?limit=100"), { key: f.actor.key })).body.data.length;
    const res = await create(f, {
      customer_id,
      items: [rotLine],
      deduction_personnummer: "19840601-2389",
      deduction_housing_designation: "Uppsala Kåbo 1:25",
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("INVOICE_CREATE_ROT_RUT_VALIDATION");
    expect(JSON.stringify(res.body.error.details)).toContain("deduction_personnummer");
    const after = (await call("GET", url(f, "/invoices?limit=100"), { key: f.actor.key })).body.data.length;
    expect(after).toBe(before);
  });
});
