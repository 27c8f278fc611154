import { describe, expect, it } from "vitest";
import { call, companyFixture, countOf, hire, write } from "../helpers";
import { booksDb } from "../books";

const f = companyFixture({ name: "Serielönebolaget AB" });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;
const runs = () => countOf("SELECT COUNT(*) AS n FROM salary_runs WHERE company_id = ?", f.companyId);

describe("a salary run's voucher series", () => {
  it("is one capital letter: LON, lower case and digits are refused and change nothing", async () => {
    for (const series of ["LON", "AB", "l", "1", ""]) {
      const res = await write(f.actor.key, "POST", url("/salary-runs"), {
        period_year: 2026,
        period_month: 2,
        payment_date: "2026-02-25",
        voucher_series: series,
      });
      expect([res.status, res.body.error.code], series).toEqual([400, "VALIDATION_ERROR"]);
      expect(res.body.error.details.fields.map((x: { path: string }) => x.path)).toEqual(["voucher_series"]);
    }
    expect(await runs()).toBe(0);

    const run = await write(f.actor.key, "POST", url("/salary-runs"), {
      period_year: 2026,
      period_month: 2,
      payment_date: "2026-02-25",
    });
    expect([run.status, run.body.data.voucher_series]).toEqual([201, "A"]);
    const patch = await write(f.actor.key, "PATCH", url(`/salary-runs/${run.body.data.id}`), { voucher_series: "LON" });
    expect([patch.status, patch.body.error.code]).toEqual([400, "VALIDATION_ERROR"]);
    const after = await call("GET", url(`/salary-runs/${run.body.data.id}`), { key: f.actor.key });
    expect(after.body.data.voucher_series).toBe("A");
    expect((await write(f.actor.key, "DELETE", url(`/salary-runs/${run.body.data.id}`))).status).toBe(204);
  });

  it("books the run in the letter it names, numbered from 1 in that series", async () => {
    await hire(f, {
      first_name: "Sara",
      last_name: "Serie",
      personnummer: "198503121231",
      salary_type: "monthly",
      monthly_salary: 30000,
      f_skatt_status: "decided_percent",
      tax_decided_percent: "30",
      tax_decision_reference: "SKV 2026-01-10",
    });
    const created = await write(f.actor.key, "POST", url("/salary-runs"), {
      period_year: 2026,
      period_month: 3,
      payment_date: "2026-03-25",
      voucher_series: "L",
    });
    expect([created.status, created.body.data.voucher_series]).toEqual([201, "L"]);
    const R = (p = "") => url(`/salary-runs/${created.body.data.id}${p}`);
    expect((await write(f.actor.key, "POST", R("/employees"), { all_active: true })).status).toBe(200);
    for (const step of ["/calculate", "/approve", "/mark-paid", "/book"])
      expect((await write(f.actor.key, "POST", R(step), step === "/mark-paid" ? {} : undefined)).status, step).toBe(
        200,
      );

    const entries = await booksDb
      .prepare(
        "SELECT voucher_series AS s, voucher_number AS n FROM journal_entries WHERE company_id = ? AND status = 'posted' ORDER BY voucher_number",
      )
      .bind(f.companyId)
      .all<{ s: string; n: number }>();
    expect(entries.results.length).toBeGreaterThanOrEqual(2);
    expect(entries.results.map((e) => e.s)).toEqual(entries.results.map(() => "L"));
    expect(entries.results.map((e) => e.n)).toEqual(entries.results.map((_, i) => i + 1));
  });
});
