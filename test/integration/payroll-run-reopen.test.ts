// Reopening a salary run (review or approved back to draft) and deleting a draft (issue 29, item 13):
// what goes and what stays, the refusals of a paid or booked run, dry run, events and audit.
//
// March 2026, paid 25 March; one employee, 30 000 kr, tax decided at 30 %, vab on 16 March
// (30 000 x 12 / 365 = 986.30 deducted) and 1 000 other pay: gross 30 013.70.
import { describe, expect, it } from "vitest";
import { call, companyFixture, countOf, hire, write } from "../helpers";

const f = companyFixture({ name: "Återöppningsbolaget AB" });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;

const getRun = async (id: string) => call("GET", url(`/salary-runs/${id}`), { key: f.actor.key });
const events = (runId: string) =>
  countOf(
    "SELECT COUNT(*) AS n FROM outbox_events WHERE company_id = ? AND type IN ('salary_run.reopened', 'salary_run.deleted') AND object LIKE ?",
    f.companyId,
    `%${runId}%`,
  );
const audits = (runId: string, action: string) =>
  countOf("SELECT COUNT(*) AS n FROM audit_log WHERE resource_id = ? AND action = ?", runId, action);
const itemsOf = (runId: string, source: string) =>
  countOf("SELECT COUNT(*) AS n FROM salary_line_items WHERE salary_run_id = ? AND source = ?", runId, source);

describe("reopen and delete a salary run", () => {
  it("reopens a run in review or approved to a clean draft, and refuses a paid or booked run", async () => {
    const emp = (
      await hire(f, {
        first_name: "Rut",
        last_name: "Retur",
        personnummer: "198503121231",
        salary_type: "monthly",
        monthly_salary: 30000,
        f_skatt_status: "decided_percent",
        tax_decided_percent: "30",
        tax_decision_reference: "SKV 2026-01-10",
      })
    ).id;
    expect(
      (
        await write(f.actor.key, "POST", url(`/employees/${emp}/absence`), {
          from_date: "2026-03-16",
          absence_type: "vab",
        })
      ).status,
    ).toBe(201);
    const created = await write(f.actor.key, "POST", url("/salary-runs"), {
      period_year: 2026,
      period_month: 3,
      payment_date: "2026-03-25",
    });
    const id = created.body.data.id as string;
    const R = (p = "") => url(`/salary-runs/${id}${p}`);
    expect((await write(f.actor.key, "POST", R("/employees"), { all_active: true })).status).toBe(200);
    expect(
      (await write(f.actor.key, "POST", R(`/employees/${emp}/line-items`), { item_type: "other_pay", amount: 1000 }))
        .status,
    ).toBe(201);
    expect((await write(f.actor.key, "PATCH", R(`/employees/${emp}`), { tax_withheld_override: 9100 })).status).toBe(
      200,
    );

    // a draft is not reopened
    const draft = await write(f.actor.key, "POST", R("/reopen"));
    expect([draft.status, draft.body.error.code, draft.body.error.details]).toEqual([
      400,
      "SALARY_RUN_REOPEN_INVALID_STATUS",
      { status: "draft", allowed_statuses: ["review", "approved"] },
    ]);

    const calc = await write(f.actor.key, "POST", R("/calculate"));
    expect(calc.status).toBe(200);
    expect(calc.body.data).toMatchObject({ status: "review", total_gross: 30013.7, total_tax: 9100 });
    expect(await itemsOf(id, "engine")).toBeGreaterThan(0);
    // the month's absence is counted: locked
    const locked = await write(f.actor.key, "POST", url(`/employees/${emp}/absence`), {
      from_date: "2026-03-20",
      absence_type: "vab",
    });
    expect([locked.status, locked.body.error.details.status]).toEqual([409, "review"]);

    // dry run: the answer, nothing changed
    const dry = await write(f.actor.key, "POST", R("/reopen"), undefined, { "X-Dry-Run": "true" });
    expect([dry.status, dry.body.data.status]).toEqual([200, "draft"]);
    expect((await getRun(id)).body.data.status).toBe("review");
    expect(await events(id)).toBe(0);

    // reopen from review
    const reopened = await write(f.actor.key, "POST", R("/reopen"));
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(reopened.body.data).toMatchObject({
      status: "draft",
      total_gross: 0,
      total_tax: 0,
      total_net: 0,
      total_avgifter: 0,
      warnings: [],
      calculated_at: null,
      approved_at: null,
      employee_count: 1,
    });
    // the engine's rows go, the manual row, the employee, and the override stay; figures cleared
    expect(await itemsOf(id, "engine")).toBe(0);
    expect(await itemsOf(id, "manual")).toBe(1);
    const member = (await call("GET", R(`/employees/${emp}`), { key: f.actor.key })).body.data;
    expect(member).toMatchObject({ gross_salary: 0, tax_withheld_override: 9100, calculation_breakdown: null });
    // the absence is released: the month can change again
    const released = await write(f.actor.key, "POST", url(`/employees/${emp}/absence`), {
      from_date: "2026-03-20",
      absence_type: "vab",
    });
    expect(released.status).toBe(201);
    expect(
      await countOf(
        "SELECT COUNT(*) AS n FROM salary_absence_days WHERE employee_id = ? AND salary_run_employee_id IS NOT NULL",
        emp,
      ),
    ).toBe(0);
    expect(await events(id)).toBe(1);
    expect(await audits(id, "salary_run.reopened")).toBe(1);

    // the draft can be edited again, recalculated (two vab days now), approved, and reopened from approved
    expect((await write(f.actor.key, "PATCH", R(), { payment_date: "2026-03-24" })).status).toBe(200);
    const again = await write(f.actor.key, "POST", R("/calculate"));
    expect(again.body.data).toMatchObject({ status: "review", total_gross: 29027.4, payment_date: "2026-03-24" });
    expect((await write(f.actor.key, "POST", R("/approve"))).status).toBe(200);
    const fromApproved = await write(f.actor.key, "POST", R("/reopen"));
    expect(fromApproved.body.data).toMatchObject({ status: "draft", approved_at: null, approved_by: null });
    expect(await audits(id, "salary_run.reopened")).toBe(2);

    // paid and booked runs are neither reopened nor deleted
    expect((await write(f.actor.key, "POST", R("/calculate"))).status).toBe(200);
    expect((await write(f.actor.key, "POST", R("/approve"))).status).toBe(200);
    expect((await write(f.actor.key, "POST", R("/mark-paid"), {})).status).toBe(200);
    for (const status of ["paid", "booked"]) {
      if (status === "booked") expect((await write(f.actor.key, "POST", R("/book"))).status).toBe(200);
      const reopen = await write(f.actor.key, "POST", R("/reopen"));
      expect([reopen.status, reopen.body.error.code, reopen.body.error.details.status]).toEqual([
        400,
        "SALARY_RUN_REOPEN_INVALID_STATUS",
        status,
      ]);
      const del = await write(f.actor.key, "DELETE", R());
      expect([del.status, del.body.error.code, del.body.error.details]).toEqual([
        400,
        "SALARY_RUN_DELETE_NOT_DRAFT",
        { status, required_status: "draft" },
      ]);
      expect((await getRun(id)).body.data.status).toBe(status);
    }
    expect(await audits(id, "salary_run.reopened")).toBe(2);
  });

  it("deletes a draft with its employees and line items, freeing the period", async () => {
    const emp = (
      await hire(f, {
        first_name: "Dag",
        last_name: "Dragen",
        personnummer: "197511116787",
        salary_type: "monthly",
        monthly_salary: 25000,
        f_skatt_status: "side_income",
      })
    ).id;
    const created = await write(f.actor.key, "POST", url("/salary-runs"), {
      period_year: 2026,
      period_month: 6,
      payment_date: "2026-06-25",
    });
    const id = created.body.data.id as string;
    const R = (p = "") => url(`/salary-runs/${id}${p}`);
    expect((await write(f.actor.key, "POST", R("/employees"), { employees: [{ employee_id: emp }] })).status).toBe(200);
    expect(
      (await write(f.actor.key, "POST", R(`/employees/${emp}/line-items`), { item_type: "other_pay", amount: 500 }))
        .status,
    ).toBe(201);
    expect((await write(f.actor.key, "POST", R("/calculate"))).status).toBe(200);

    // in review: reopen first
    const early = await write(f.actor.key, "DELETE", R());
    expect([early.status, early.body.error.code, early.body.error.details.status]).toEqual([
      400,
      "SALARY_RUN_DELETE_NOT_DRAFT",
      "review",
    ]);
    expect((await write(f.actor.key, "POST", R("/reopen"))).status).toBe(200);

    // dry run deletes nothing
    const dry = await write(f.actor.key, "DELETE", R(), undefined, { "X-Dry-Run": "true" });
    expect(dry.status).toBe(204);
    expect((await getRun(id)).status).toBe(200);

    const key = `delete-${id}`;
    const del = await write(f.actor.key, "DELETE", R(), undefined, { "Idempotency-Key": key });
    expect(del.status).toBe(204);
    expect((await getRun(id)).status).toBe(404);
    expect(await countOf("SELECT COUNT(*) AS n FROM salary_run_employees WHERE salary_run_id = ?", id)).toBe(0);
    expect(await countOf("SELECT COUNT(*) AS n FROM salary_line_items WHERE salary_run_id = ?", id)).toBe(0);
    expect(await audits(id, "salary_run.deleted")).toBe(1);
    expect(
      await countOf(
        "SELECT COUNT(*) AS n FROM outbox_events WHERE company_id = ? AND type = 'salary_run.deleted' AND object LIKE ?",
        f.companyId,
        `%${id}%`,
      ),
    ).toBe(1);
    // the same request again is replayed, not refused
    const replay = await write(f.actor.key, "DELETE", R(), undefined, { "Idempotency-Key": key });
    expect([replay.status, replay.headers.get("Idempotent-Replayed")]).toEqual([204, "true"]);
    // another delete of the gone run: 404
    expect((await write(f.actor.key, "DELETE", R())).status).toBe(404);
    // the period is free again
    const anew = await write(f.actor.key, "POST", url("/salary-runs"), {
      period_year: 2026,
      period_month: 6,
      payment_date: "2026-06-25",
    });
    expect(anew.status).toBe(201);
  });
});
