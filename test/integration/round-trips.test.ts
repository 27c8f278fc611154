// The D1 round trips the company's writer makes for the hot writes (X-D1-Round-Trips).
// Each is a sequential wait inside the one writer, so the count bounds the write rate:
// the limits below are today's counts, and a change that adds a read fails here.
import { describe, expect, it } from "vitest";
import { companyFixture, createDraft, day, commit, write, yearAroundToday } from "../helpers";

const f = companyFixture({ name: "Rundresor AB", ...yearAroundToday() });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;
const trips = (res: { headers: Headers }) => Number(res.headers.get("X-D1-Round-Trips"));

describe("round trips inside the company's writer", () => {
  it("commit of a draft", async () => {
    const draft = await createDraft(f.actor.key, f.companyId, f.periodId, { entry_date: day(0) });
    expect(draft.status).toBe(201);
    const res = await commit(f.actor.key, f.companyId, draft.body.data.id);
    expect(res.status).toBe(200);
    // the writer's first command reads the books (cold); the next ones hold them (warm)
    const warmDraft = await createDraft(f.actor.key, f.companyId, f.periodId, { entry_date: day(0) });
    const warm = await commit(f.actor.key, f.companyId, warmDraft.body.data.id);
    expect(warm.status).toBe(200);
    console.log(
      "round trips: draft",
      trips(draft),
      "commit",
      trips(res),
      "warm draft",
      trips(warmDraft),
      "warm commit",
      trips(warm),
    );
    expect(trips(res)).toBeGreaterThan(0);
    // draft: the batch, the idempotency record in it; commit: the batch, as the writer
    // holds the draft it created (src/writer/company-state.ts)
    expect(trips(warmDraft)).toBe(1);
    expect(trips(warm)).toBe(1);
  });

  it("mark-sent of an invoice", async () => {
    const customer = await write(f.actor.key, "POST", url("/customers"), {
      name: "Kund AB",
      customer_type: "swedish_business",
    });
    const inv = await write(f.actor.key, "POST", url("/invoices"), {
      customer_id: customer.body.data.id,
      invoice_date: day(0),
      items: [
        { description: "Konsult", quantity: 2, unit_price: 1000, vat_rate: 0.25 },
        { description: "Bok", quantity: 1, unit_price: 100, vat_rate: 0.06 },
      ],
    });
    expect(inv.status).toBe(201);
    const res = await write(f.actor.key, "POST", url(`/invoices/${inv.body.data.id}/mark-sent`));
    expect(res.status).toBe(200);
    const paid = await write(f.actor.key, "POST", url(`/invoices/${inv.body.data.id}/mark-paid`), {});
    expect(paid.status).toBe(200);
    console.log("round trips: invoice create", trips(inv), "mark-sent", trips(res), "mark-paid", trips(paid));
    expect(trips(res)).toBeGreaterThan(0);
  });
});
