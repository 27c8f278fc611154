// GET .../salary-runs (issue 29, item 17): the list as the spec has it: newest created first (then
// id), the filters period_year and status, cursor pagination (limit 1-100, default 50; a stale or
// tampered cursor gives the first page again), and nothing of another company.
import { describe, expect, it } from "vitest";
import { call, companyFixture, hire, newCompany, write } from "../helpers";

const f = companyFixture({ name: "Listbolaget AB" });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;
const list = (q = "") => call("GET", url(`/salary-runs${q}`), { key: f.actor.key });
const ids = (res: { body: any }) => res.body.data.map((r: any) => r.id as string);

async function run(period_year: number, period_month: number) {
  const res = await write(f.actor.key, "POST", url("/salary-runs"), {
    period_year,
    period_month,
    payment_date: `${period_year}-${String(period_month).padStart(2, "0")}-25`,
  });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; created_at: string };
}

describe("GET salary-runs", () => {
  it("lists newest first, filters by period_year and status, and pages with a cursor", async () => {
    await hire(f, {
      first_name: "Lisa",
      last_name: "Lista",
      personnummer: "198503121231",
      salary_type: "monthly",
      monthly_salary: 30000,
      f_skatt_status: "decided_percent",
      tax_decided_percent: "30",
      tax_decision_reference: "SKV 2026-01-10",
    });
    const december = await run(2025, 12);
    const january = await run(2026, 1);
    const february = await run(2026, 2);
    const march = await run(2026, 3);
    const april = await run(2026, 4);
    // January in review, February approved; the rest drafts (March with one employee)
    for (const [r, steps] of [
      [january, ["/calculate"]],
      [february, ["/calculate", "/approve"]],
    ] as const) {
      expect(
        (await write(f.actor.key, "POST", url(`/salary-runs/${r.id}/employees`), { all_active: true })).status,
      ).toBe(200);
      for (const s of steps)
        expect((await write(f.actor.key, "POST", url(`/salary-runs/${r.id}${s}`))).status).toBe(200);
    }
    expect(
      (await write(f.actor.key, "POST", url(`/salary-runs/${march.id}/employees`), { all_active: true })).status,
    ).toBe(200);
    const created = [december, january, february, march, april];
    const newestFirst = [...created]
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id))
      .map((r) => r.id);

    // all, newest created first, with the run's fields and its employee count
    const all = await list();
    expect(all.status).toBe(200);
    expect(ids(all)).toEqual(newestFirst);
    expect(all.body.meta.next_cursor).toBeNull();
    const byId = new Map(all.body.data.map((r: any) => [r.id, r]));
    expect(byId.get(january.id)).toMatchObject({
      period_year: 2026,
      period_month: 1,
      payment_date: "2026-01-25",
      status: "review",
      employee_count: 1,
      total_gross: 30000,
      total_tax: 9000,
    });
    expect(byId.get(february.id)).toMatchObject({ status: "approved", approved_at: expect.any(String) });
    expect(byId.get(march.id)).toMatchObject({ status: "draft", employee_count: 1, total_gross: 0 });
    expect(byId.get(december.id)).toMatchObject({ period_year: 2025, status: "draft", employee_count: 0 });

    // filters, alone and together
    expect(ids(await list("?period_year=2026"))).toEqual(newestFirst.filter((id) => id !== december.id));
    expect(ids(await list("?period_year=2025"))).toEqual([december.id]);
    expect(ids(await list("?period_year=2024"))).toEqual([]);
    expect(ids(await list("?status=review"))).toEqual([january.id]);
    expect(ids(await list("?status=approved&period_year=2026"))).toEqual([february.id]);
    expect(ids(await list("?status=draft&period_year=2026"))).toEqual(
      newestFirst.filter((id) => id === march.id || id === april.id),
    );
    expect(ids(await list("?status=booked"))).toEqual([]);
    for (const bad of ["?status=open", "?period_year=1999", "?period_year=x", "?limit=0", "?limit=101", "?month=3"]) {
      const res = await list(bad);
      expect([res.status, res.body.error.code], bad).toEqual([400, "VALIDATION_ERROR"]);
    }

    // pages of two: the same runs in the same order, the last page without a cursor
    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const page = await list(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(page.status).toBe(200);
      sizes.push(page.body.data.length);
      seen.push(...ids(page));
      cursor = page.body.meta.next_cursor;
    } while (cursor);
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen).toEqual(newestFirst);

    // a filtered page and its cursor
    const first = await list("?period_year=2026&limit=3");
    expect(ids(first)).toEqual(newestFirst.filter((id) => id !== december.id).slice(0, 3));
    const next = first.body.meta.next_cursor as string;
    const second = await list(`?period_year=2026&limit=3&cursor=${encodeURIComponent(next)}`);
    expect(ids(second)).toEqual(newestFirst.filter((id) => id !== december.id).slice(3));
    expect(second.body.meta.next_cursor).toBeNull();
    // the cursor of another filter, or a tampered one, gives the first page again
    expect(ids(await list(`?status=draft&limit=3&cursor=${encodeURIComponent(next)}`))).toEqual(
      ids(await list("?status=draft&limit=3")),
    );
    expect(ids(await list(`?period_year=2026&limit=3&cursor=${encodeURIComponent(`${next}x`)}`))).toEqual(ids(first));
    expect(ids(await list("?period_year=2026&limit=3&cursor=garbage"))).toEqual(ids(first));

    // a deleted draft is gone from the list
    expect((await write(f.actor.key, "DELETE", url(`/salary-runs/${april.id}`))).status).toBe(204);
    expect(ids(await list())).toEqual(newestFirst.filter((id) => id !== april.id));

    // another company of the same user sees none of them
    const other = await newCompany(f.actor.key, { name: "Annat AB", org_number: "556036-0793" });
    const theirs = await call("GET", `/api/v1/companies/${other.id}/salary-runs`, { key: f.actor.key });
    expect([theirs.status, theirs.body.data]).toEqual([200, []]);
  });
});
