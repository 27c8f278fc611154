import { describe, expect, it } from "vitest";
import { call, companyFixture, entryLines, write, countOf, hire } from "../helpers";
import { booksDb } from "../books";

const f = companyFixture({ name: "Lönebolaget AB" });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;
const BANK = { clearing_number: "6000", bank_account_number: "123456789" };

async function employee(body: Record<string, unknown>): Promise<string> {
  return (await hire(f, body)).id;
}

const count = countOf;

describe("employees", () => {
  it("stores the personnummer encrypted, masks it on lists and create, shows it in full on the detail read", async () => {
    const res = await write(f.actor.key, "POST", url("/employees"), {
      first_name: "Åsa",
      last_name: "Öberg",
      personnummer: "199209097899",
      employment_start: "2024-03-01",
      salary_type: "monthly",
      monthly_salary: 32000,
      tax_table_number: 32,
      email: "asa@example.se",
      clearing_number: "3000",
      bank_account_number: "1111116",
    });
    expect(res.status).toBe(201);
    const e = res.body.data;
    expect(e).toMatchObject({
      personnummer_masked: "19920909-XXXX",
      birth_date: "1992-09-09",
      f_skatt_status: "a_skatt",
      tax_table_number: 32,
      tax_column: null,
      bank_name: "Nordea",
      is_active: true,
    });
    expect(e.personnummer).toBeUndefined();
    const stored = await booksDb
      .prepare("SELECT personnummer_enc FROM employees WHERE id = ?")
      .bind(e.id)
      .first<{ personnummer_enc: string }>();
    expect(stored!.personnummer_enc).toMatch(/^v1\./);
    expect(stored!.personnummer_enc).not.toContain("7899");

    const detail = await call("GET", url(`/employees/${e.id}`), { key: f.actor.key });
    expect(detail.body.data.personnummer).toBe("199209097899");
    const list = await call("GET", url("/employees?search=%C3%96berg"), { key: f.actor.key });
    expect(list.body.data.map((x: any) => x.id)).toEqual([e.id]);
    expect(list.body.data[0].personnummer).toBeUndefined();
    // a full personnummer is searched in a POST body, not the URL (issue #34)
    const inUrl = await call("GET", url("/employees?search=199209097899"), { key: f.actor.key });
    expect([inUrl.status, inUrl.body.error.code]).toEqual([400, "VALIDATION_ERROR"]);
    const byNumber = await call("POST", url("/employees/search"), {
      key: f.actor.key,
      body: { personnummer: "199209097899" },
    });
    expect(byNumber.body.data.map((x: any) => x.id)).toEqual([e.id]);

    // duplicate, bad check digit, A-tax without table, bad bank account: refused, nothing stored
    const before = await count("SELECT COUNT(*) AS n FROM employees WHERE company_id = ?", f.companyId);
    const dup = await write(f.actor.key, "POST", url("/employees"), {
      first_name: "X",
      last_name: "Y",
      personnummer: "199209097899",
      employment_start: "2024-01-01",
      salary_type: "monthly",
      monthly_salary: 1,
      tax_table_number: 33,
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe("EMPLOYEE_DUPLICATE_PERSONNUMMER");
    const luhn = await write(f.actor.key, "POST", url("/employees"), {
      first_name: "X",
      last_name: "Y",
      personnummer: "199209097898",
      employment_start: "2024-01-01",
      salary_type: "monthly",
      monthly_salary: 1,
      tax_table_number: 33,
    });
    expect(luhn.status).toBe(400);
    expect(luhn.body.error.details.fields[0].path).toBe("personnummer");
    const noTable = await write(f.actor.key, "POST", url("/employees"), {
      first_name: "X",
      last_name: "Y",
      personnummer: "198503121231",
      employment_start: "2024-01-01",
      salary_type: "monthly",
      monthly_salary: 1,
    });
    expect(noTable.body.error.details.fields[0].path).toBe("tax_table_number");
    const badBank = await write(f.actor.key, "POST", url("/employees"), {
      first_name: "X",
      last_name: "Y",
      personnummer: "198503121231",
      employment_start: "2024-01-01",
      salary_type: "monthly",
      monthly_salary: 1,
      tax_table_number: 33,
      clearing_number: "8327-9",
      bank_account_number: "9441234563",
    });
    expect(badBank.status).toBe(400);
    expect(badBank.body.error.details.fields[0].path).toBe("bank_account_number");
    const hourlyWithoutRate = await write(f.actor.key, "POST", url("/employees"), {
      first_name: "X",
      last_name: "Y",
      personnummer: "198503121231",
      employment_start: "2024-01-01",
      salary_type: "hourly",
      tax_table_number: 33,
    });
    expect(hourlyWithoutRate.body.error.details.fields[0].path).toBe("hourly_rate");
    expect(await count("SELECT COUNT(*) AS n FROM employees WHERE company_id = ?", f.companyId)).toBe(before);

    // PATCH is checked as a whole; DELETE is a soft delete
    const patch = await write(f.actor.key, "PATCH", url(`/employees/${e.id}`), { f_skatt_status: "side_income" });
    expect(patch.status).toBe(400);
    const ok = await write(f.actor.key, "PATCH", url(`/employees/${e.id}`), {
      f_skatt_status: "side_income",
      tax_table_number: null,
      monthly_salary: 33000,
    });
    expect(ok.body.data).toMatchObject({
      f_skatt_status: "side_income",
      tax_table_number: null,
      monthly_salary: 33000,
      personnummer_masked: "19920909-XXXX",
    });
    expect(ok.body.data.personnummer).toBeUndefined();
    const del = await write(f.actor.key, "DELETE", url(`/employees/${e.id}`));
    expect(del.status).toBe(204);
    const active = await call("GET", url("/employees"), { key: f.actor.key });
    expect(active.body.data.some((x: any) => x.id === e.id)).toBe(false);
    const all = await call("GET", url("/employees?include_inactive=true"), { key: f.actor.key });
    expect(all.body.data.find((x: any) => x.id === e.id)).toMatchObject({ is_active: false });
    // the number stays taken by the inactive employee
    const again = await write(f.actor.key, "POST", url("/employees"), {
      first_name: "X",
      last_name: "Y",
      personnummer: "199209097899",
      employment_start: "2024-01-01",
      salary_type: "monthly",
      monthly_salary: 1,
      tax_table_number: 33,
    });
    expect(again.body.error.code).toBe("EMPLOYEE_DUPLICATE_PERSONNUMMER");
  });
});

describe("a month of salaries, April 2026", () => {
  it("calculates every kind of employee to the krona, books 4 entries, and answers the payslip and the reports", async () => {
    // Ordinary, table 33 column 1: 35 000 kr -> 7 134 kr (30B33 34801-35000); 31.42 % -> 10 997.00.
    const anna = await employee({
      first_name: "Anna",
      last_name: "Andersson",
      personnummer: "198503121231",
      salary_type: "monthly",
      monthly_salary: 35000,
      tax_table_number: 33,
      email: "anna@example.se",
    });
    // Born 2005, 20 at 1 January: youth rate 20.81 % on 25 000 kr (5 202.50) and 31.42 % on 3 000 (942.60); 30B32 27801-28000 column 1: 5 215.
    const young = await employee({
      first_name: "Ylva",
      last_name: "Ung",
      personnummer: "200506152347",
      salary_type: "monthly",
      monthly_salary: 28000,
      tax_table_number: 32,
    });
    // Born 1950: column 3 (66+), 30B34 30001-30200 column 3: 2 868; only ålderspensionsavgift 10.21 %: 3 073.21.
    const senior = await employee({
      first_name: "Sven",
      last_name: "Senior",
      personnummer: "195001013456",
      salary_type: "monthly",
      monthly_salary: 30100,
      tax_table_number: 34,
    });
    // Side income, paid by the hour, collective (7010): 200 x 40.5 = 8 100; 30 % = 2 430; 31.42 % = 2 545.02.
    const side = await employee({
      first_name: "Sara",
      last_name: "Sido",
      personnummer: "199002204569",
      salary_type: "hourly",
      hourly_rate: 200,
      personnel_category: "collective",
      f_skatt_status: "side_income",
    });
    // Decided percentage 25 %: 40 000 -> 10 000; 31.42 % = 12 568.00.
    const decided = await employee({
      first_name: "Dan",
      last_name: "Jämkad",
      personnummer: "198005055671",
      salary_type: "monthly",
      monthly_salary: 40000,
      f_skatt_status: "decided_percent",
      tax_decided_percent: "25",
      tax_decision_reference: "SKV 2026-01-15 nr 4711",
    });
    // 40 000 less 2 000 salary exchange = 38 000 cash, + car 4 000 + meal 1 000 benefits = 43 000 taxable:
    // 30B33 42801-43000 column 1: 9 392. Bonus 10 000, one-off: annual 43 000 x 9 (April-December) + 10 000 = 397 000,
    // band 192 001-477 600: 26 % = 2 600. Contributions on 38 000 + 10 000 + 5 000 = 53 000: 16 652.60.
    // Pension premium 2 000, special payroll tax 24.26 % = 485.20. Reimbursed 500 mileage + 300 expense; 250 net deduction.
    const benefits = await employee({
      first_name: "Bo",
      last_name: "Förmån",
      personnummer: "197511116787",
      salary_type: "monthly",
      monthly_salary: 40000,
      salary_exchange_monthly: 2000,
      tax_table_number: 33,
    });
    // Above the table's kronor rows: 30%33 80001-81000 column 1: 33 % of 81 000 = 26 730; executive (7220); 25 450.20.
    const boss = await employee({
      first_name: "Cecilia",
      last_name: "Chef",
      personnummer: "197001011233",
      salary_type: "monthly",
      monthly_salary: 81000,
      tax_table_number: 33,
      personnel_category: "executive",
    });

    const run = await write(f.actor.key, "POST", url("/salary-runs"), {
      period_year: 2026,
      period_month: 4,
      payment_date: "2026-04-25",
    });
    expect(run.status).toBe(201);
    expect(run.body.data).toMatchObject({ status: "draft", voucher_series: "A", employee_count: 0, total_gross: 0 });
    const runId = run.body.data.id as string;
    const R = (p = "") => url(`/salary-runs/${runId}${p}`);

    // refusals that leave the run as it was
    const dupRun = await write(f.actor.key, "POST", url("/salary-runs"), {
      period_year: 2026,
      period_month: 4,
      payment_date: "2026-04-27",
    });
    expect([dupRun.status, dupRun.body.error.code]).toEqual([409, "SALARY_RUN_DUPLICATE_PERIOD"]);
    const badMonth = await write(f.actor.key, "POST", url("/salary-runs"), {
      period_year: 2026,
      period_month: 13,
      payment_date: "2026-04-27",
    });
    expect([badMonth.status, badMonth.body.error.code]).toEqual([400, "VALIDATION_ERROR"]);
    const empty = await write(f.actor.key, "POST", R("/calculate"));
    expect([empty.status, empty.body.error.code]).toEqual([400, "SALARY_RUN_NO_EMPLOYEES"]);
    const early = await write(f.actor.key, "POST", R("/approve"));
    expect(early.body.error.code).toBe("SALARY_RUN_APPROVE_NOT_REVIEW");
    const earlyBook = await write(f.actor.key, "POST", R("/book"));
    expect(earlyBook.body.error.code).toBe("SALARY_RUN_BOOK_NOT_PAID");
    const earlyPaid = await write(f.actor.key, "POST", R("/mark-paid"), {});
    expect([earlyPaid.status, earlyPaid.body.error.code]).toEqual([409, "CONFLICT"]);

    const add = await write(f.actor.key, "POST", R("/employees"), {
      all_active: true,
      employees: [{ employee_id: side, hours: 40.5 }],
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect(add.body.data.employee_count).toBe(7);
    const item = (emp: string, body: Record<string, unknown>) =>
      write(f.actor.key, "POST", R(`/employees/${emp}/line-items`), body);
    expect((await item(benefits, { item_type: "car_benefit", amount: 4000 })).status).toBe(201);
    expect((await item(benefits, { item_type: "meal_benefit", amount: 1000 })).status).toBe(201);
    expect((await item(benefits, { item_type: "bonus", amount: 10000, description: "Bonus Q1" })).status).toBe(201);
    expect((await item(benefits, { item_type: "mileage_allowance", amount: 500 })).status).toBe(201);
    expect((await item(benefits, { item_type: "expense_reimbursement", amount: 300 })).status).toBe(201);
    const deduction = await item(benefits, { item_type: "net_deduction", amount: 250, description: "Personalköp" });
    expect(deduction.body.data).toMatchObject({ category: "deduction", account_number: "2790", source: "manual" });
    const stray = await item(anna, { item_type: "overtime", amount: 999 });
    const removed = await write(
      f.actor.key,
      "DELETE",
      R(`/employees/${anna}/line-items/${stray.body.data.salary_line_item_id}`),
    );
    expect(removed.status).toBe(204);
    const badItem = await item(anna, { item_type: "bonus", amount: -5 });
    expect(badItem.status).toBe(400);

    // a dry run of calculate leaves the draft
    const dry = await write(f.actor.key, "POST", `${R("/calculate")}?dry_run=true`);
    expect(dry.body.data.status).toBe("review");
    expect((await call("GET", R(), { key: f.actor.key })).body.data.status).toBe("draft");

    const calc = await write(f.actor.key, "POST", R("/calculate"));
    expect(calc.status, JSON.stringify(calc.body)).toBe(200);
    expect(calc.body.data).toMatchObject({
      status: "review",
      total_gross: 270200,
      total_benefits: 5000,
      total_reimbursements: 800,
      total_deductions: 250,
      total_tax: 66369,
      total_net: 204381,
      total_avgifter: 77431.13,
      total_pension: 2000,
      total_special_payroll_tax: 485.2,
      total_employer_cost: 270200 + 800 + 77431.13 + 2000 + 485.2,
    });
    expect(calc.body.data.warnings.some((w: string) => /Ylva Ung: no email/.test(w))).toBe(true);
    const again = await write(f.actor.key, "POST", R("/calculate"));
    expect(again.body.error.code).toBe("SALARY_RUN_CALCULATE_NOT_DRAFT");

    const slip = async (emp: string) => (await call("GET", R(`/employees/${emp}`), { key: f.actor.key })).body.data;
    const expected: [string, number, number, number, number][] = [
      // employee, gross, tax, net, avgifter
      [anna, 35000, 7134, 27866, 10997],
      [young, 28000, 5215, 22785, 6145.1],
      [senior, 30100, 2868, 27232, 3073.21],
      [side, 8100, 2430, 5670, 2545.02],
      [decided, 40000, 10000, 30000, 12568],
      [benefits, 48000, 11992, 36558, 16652.6],
      [boss, 81000, 26730, 54270, 25450.2],
    ];
    for (const [emp, gross, tax, net, avgifter] of expected) {
      expect(await slip(emp), emp).toMatchObject({
        gross_salary: gross,
        tax_withheld: tax,
        net_salary: net,
        avgifter_amount: avgifter,
        calculated: true,
      });
    }
    const bo = await slip(benefits);
    expect(bo).toMatchObject({
      taxable_benefits: 5000,
      tax_free_reimbursements: 800,
      net_deductions: 250,
      tax_basis: 53000,
      avgifter_basis: 53000,
      pension_premium: 2000,
      special_payroll_tax: 485.2,
    });
    expect(bo.calculation_breakdown.tax.regular).toMatchObject({
      taxable_kronor: 43000,
      tax: 9392,
      rule: { kind: "table_amount", table: 33, column: 1, rowFrom: 42801, rowTo: 43000 },
    });
    expect(bo.calculation_breakdown.tax.one_off).toMatchObject({
      annual_income_kronor: 397000,
      tax: 2600,
      rule: { kind: "one_off_table", percent: 26 },
    });
    // engine rows (salary, salary exchange) and the manual rows that survived
    expect(bo.line_items.map((i: any) => [i.item_type, i.amount, i.source])).toEqual([
      ["monthly_salary", 40000, "engine"],
      ["salary_exchange", -2000, "engine"],
      ["car_benefit", 4000, "manual"],
      ["meal_benefit", 1000, "manual"],
      ["bonus", 10000, "manual"],
      ["mileage_allowance", 500, "manual"],
      ["expense_reimbursement", 300, "manual"],
      ["net_deduction", 250, "manual"],
    ]);
    const ylva = await slip(young);
    expect(ylva.calculation_breakdown.avgifter.parts).toEqual([
      { rate: "youth", percent: "20.81", basis: 25000, amount: 5202.5 },
      { rate: "full", percent: "31.42", basis: 3000, amount: 942.6 },
    ]);
    expect((await slip(senior)).calculation_breakdown).toMatchObject({
      tax_column: 3,
      avgifter: { parts: [{ rate: "pension_fee_only", percent: "10.21" }] },
    });
    expect((await slip(boss)).calculation_breakdown.tax.regular.rule).toMatchObject({
      kind: "table_percent",
      percent: 33,
    });

    // an override moves the net and the totals at once (review); clearing it restores them
    const ov = await write(f.actor.key, "PATCH", R(`/employees/${anna}`), { tax_withheld_override: 7000 });
    expect(ov.body.data).toMatchObject({ tax_withheld: 7000, tax_withheld_calculated: 7134, net_salary: 28000 });
    expect(ov.body.data.run).toMatchObject({ total_tax: 66235, total_net: 204515 });
    const cleared = await write(f.actor.key, "PATCH", R(`/employees/${anna}`), { tax_withheld_override: null });
    expect(cleared.body.data.run).toMatchObject({ total_tax: 66369, total_net: 204381 });
    // hours and line items only in a draft
    const late = await item(anna, { item_type: "overtime", amount: 100 });
    expect([late.status, late.body.error.code]).toEqual([409, "CONFLICT"]);

    // approve: every missing bank detail in one error; nothing changes
    const noBank = await write(f.actor.key, "PATCH", url(`/employees/${decided}`), {
      clearing_number: null,
      bank_account_number: null,
    });
    expect(noBank.status).toBe(200);
    const refused = await write(f.actor.key, "POST", R("/approve"));
    expect([refused.status, refused.body.error.code]).toEqual([400, "SALARY_RUN_APPROVE_VALIDATION_FAILED"]);
    expect(refused.body.error.details.employees).toEqual([
      {
        employee_id: decided,
        salary_run_employee_id: expect.any(String),
        name: "Dan Jämkad",
        problems: ["clearing_number_missing", "bank_account_number_missing"],
      },
    ]);
    expect((await call("GET", R(), { key: f.actor.key })).body.data.status).toBe("review");
    await write(f.actor.key, "PATCH", url(`/employees/${decided}`), BANK);
    const approved = await write(f.actor.key, "POST", R("/approve"));
    expect(approved.body.data).toMatchObject({ status: "approved", approved_by: f.actor.userId });

    const paid = await write(f.actor.key, "POST", R("/mark-paid"), { settlement_account: "1930" });
    expect(paid.body.data).toMatchObject({ status: "paid", settlement_account: "1930", salary_entry_id: null });
    expect(await count("SELECT COUNT(*) AS n FROM journal_entries WHERE company_id = ?", f.companyId)).toBe(0);

    // book in a locked period: PERIOD_LOCKED with the period, the run stays paid, no entry
    const lock = await write(f.actor.key, "POST", url(`/fiscal-periods/${f.periodId}/lock`), {});
    expect(lock.status, JSON.stringify(lock.body)).toBe(200);
    const locked = await write(f.actor.key, "POST", R("/book"));
    expect([locked.status, locked.body.error.code, locked.body.error.details.fiscal_period_id]).toEqual([
      400,
      "PERIOD_LOCKED",
      f.periodId,
    ]);
    expect((await call("GET", R(), { key: f.actor.key })).body.data.status).toBe("paid");
    expect(await count("SELECT COUNT(*) AS n FROM journal_entries WHERE company_id = ?", f.companyId)).toBe(0);
    await write(f.actor.key, "POST", url(`/fiscal-periods/${f.periodId}/unlock`), {});

    const key = "book-april";
    const booked = await call("POST", R("/book"), { key: f.actor.key, headers: { "Idempotency-Key": key } });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    const b = booked.body.data;
    expect(b).toMatchObject({ status: "booked", booked_by: f.actor.userId, vacation_entry_id: expect.any(String) });
    expect(b.entry_ids).toEqual([b.salary_entry_id, b.avgifter_entry_id, b.vacation_entry_id, b.pension_entry_id]);
    expect(booked.body.meta.audit.voucher_number).toBe("A1");
    expect(await entryLines(f.actor.key, f.companyId, b.salary_entry_id)).toEqual({
      "7210": [181100, 0],
      "7010": [8100, 0],
      "7220": [81000, 0],
      "7331": [500, 0],
      "7690": [300, 0],
      "2710": [0, 66369],
      "2790": [0, 250],
      "1930": [0, 204381],
      // the benefits' values by kind against 7380 (issue #40): car 4 000, meal 1 000
      "7385": [4000, 0],
      "7382": [1000, 0],
      "7380": [0, 5000],
    });
    expect(await entryLines(f.actor.key, f.companyId, b.avgifter_entry_id)).toEqual({
      "7510": [77431.13, 0],
      // 2731 holds Skatteverket's figure, the AGI's 487 (amount_declared below); 1.13 on 3740
      "2731": [0, 77430],
      "3740": [0, 1.13],
    });
    expect(await entryLines(f.actor.key, f.companyId, b.pension_entry_id)).toEqual({
      "7412": [2000, 0],
      "2930": [0, 2000],
      "7533": [485.2, 0],
      "2514": [0, 485.2],
    });
    // the vacation accrual of the first run (docs/payroll.md, Vacation): January-April, 25 × 4 / 12 days at
    // the day value 5.03 % of the monthly salary, e.g. Bo 40 000: 8.3333 × 2 012 = 16 766.67; the hourly
    // employee (same-salary rule) has none. The entry equals the stored records.
    const vac = await booksDb
      .prepare(
        "SELECT COUNT(*) AS n, SUM(liability_change_ore) AS l, SUM(contributions_change_ore) AS c FROM vacation_records WHERE salary_run_id = ?",
      )
      .bind(runId)
      .first<{ n: number; l: number; c: number }>();
    expect(vac!.n).toBe(6);
    expect(
      (await booksDb
        .prepare("SELECT liability_ore AS l FROM vacation_records WHERE employee_id = ?")
        .bind(benefits)
        .first<{ l: number }>())!.l,
    ).toBe(1676667);
    expect(await entryLines(f.actor.key, f.companyId, b.vacation_entry_id)).toEqual({
      "7290": [vac!.l / 100, 0],
      "2920": [0, vac!.l / 100],
      "7519": [vac!.c / 100, 0],
      "2940": [0, vac!.c / 100],
    });
    const replay = await call("POST", R("/book"), { key: f.actor.key, headers: { "Idempotency-Key": key } });
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await count("SELECT COUNT(*) AS n FROM journal_entries WHERE company_id = ?", f.companyId)).toBe(4);
    const events = await booksDb
      .prepare("SELECT type FROM outbox_events WHERE company_id = ? AND type LIKE 'salary_run.%' ORDER BY rowid")
      .bind(f.companyId)
      .all<{ type: string }>();
    expect(events.results.map((e) => e.type)).toEqual([
      "salary_run.created",
      "salary_run.approved",
      "salary_run.booked",
    ]);

    // the payslip
    const pdf = await call("GET", R(`/payslips/${benefits}/pdf`), { key: f.actor.key });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toBe(
      'attachment; filename="lonespecifikation-2026-04-19751111.pdf"',
    );
    expect(String(pdf.body).startsWith("%PDF-")).toBe(true);
    expect(bo.ytd ?? (await slip(benefits)).ytd).toMatchObject({
      gross: 48000,
      tax: 11992,
      net: 36558,
      taxable_benefits: 5000,
    });

    // reports: avgifter-basis from booked runs; Skatteverket's figure per rate with öre dropped
    const basis = await call("GET", url("/reports/avgifter-basis?year=2026"), { key: f.actor.key });
    expect(basis.status).toBe(200);
    expect(basis.body.data.by_rate).toEqual([
      { percent: "31.42", basis: 220100, amount: 69155 },
      { percent: "20.81", basis: 25000, amount: 5202 },
      { percent: "10.21", basis: 30100, amount: 3073 },
    ]);
    expect(basis.body.data.totals).toEqual({
      basis: 275200,
      amount_booked: 77431.13,
      rounding_booked: -1.13,
      amount_declared: 77430,
    });
    // the books against the AGI (issue #40): no AGI generated yet, the books' side from the salary entry above
    expect(basis.body.data.agi_reconciliation).toEqual([
      {
        salary_run_id: runId,
        period: "2026-04",
        salary_entry_id: b.salary_entry_id,
        books: {
          cash_pay: 181100 + 8100 + 81000,
          benefits: 5000,
          tax: 66369,
          benefits_by_account: { "7385": 4000, "7382": 1000 },
        },
        not_declared: { cash_pay: 0, benefits: 0, tax: 0 },
        agi: null,
        difference: null,
      },
    ]);
    expect(basis.body.data.employees.find((e: any) => e.employee_id === young)).toMatchObject({
      personnummer_masked: "20050615-XXXX",
      basis: 28000,
      amount: 6145.1,
      rates: [
        { rate: "youth", percent: "20.81", basis: 25000, amount: 5202.5 },
        { rate: "full", percent: "31.42", basis: 3000, amount: 942.6 },
      ],
    });
    const journal = await call("GET", url(`/reports/salary-journal?salary_run_id=${runId}`), { key: f.actor.key });
    expect(journal.body.data.totals).toMatchObject({
      gross: 270200,
      tax: 66369,
      net: 204381,
      avgifter: 77431.13,
      benefits: 5000,
      reimbursements: 800,
    });
    expect(journal.body.data.runs[0].employees.map((e: any) => e.last_name)).toEqual([
      "Andersson",
      "Chef",
      "Förmån",
      "Jämkad",
      "Senior",
      "Sido",
      "Ung",
    ]);
    // both answers are exactly what the OpenAPI document describes (strict schemas: no field undescribed)
    const shapes = await import("../../src/domains/payroll/reports/schemas");
    const basisShape = shapes.AvgifterBasisSchema.safeParse(basis.body.data);
    expect(basisShape.success, JSON.stringify(basisShape.error)).toBe(true);
    const journalShape = shapes.SalaryJournalSchema.safeParse(journal.body.data);
    expect(journalShape.success, JSON.stringify(journalShape.error)).toBe(true);
    const doc = (await call("GET", "/api/v1/openapi.json")).body;
    const answer = (path: string) =>
      doc.paths[`/api/v1/companies/{companyId}/reports/${path}`].get.responses["200"].content["application/json"].schema
        .properties.data;
    expect(answer("avgifter-basis")).toEqual({ $ref: "#/components/schemas/AvgifterBasis" });
    expect(answer("salary-journal")).toEqual({ $ref: "#/components/schemas/SalaryJournal" });
    expect(doc.components.schemas.AvgifterBasis.properties.by_month.items.properties.total.type).toBe("integer");
    const noYear = await call("GET", url("/reports/avgifter-basis"), { key: f.actor.key });
    expect([noYear.status, noYear.body.error.code]).toEqual([400, "VALIDATION_ERROR"]);
  });

  it("answers 503 SALARY_RUN_TAX_TABLE_MISSING for a year without tables and leaves the draft untouched", async () => {
    await employee({
      first_name: "Tor",
      last_name: "Tabell",
      personnummer: "198808088887",
      salary_type: "monthly",
      monthly_salary: 30000,
      tax_table_number: 33,
    });
    const run = await write(f.actor.key, "POST", url("/salary-runs"), {
      period_year: 2027,
      period_month: 1,
      payment_date: "2027-01-25",
    });
    const runId = run.body.data.id;
    const add = await write(f.actor.key, "POST", url(`/salary-runs/${runId}/employees`), { all_active: true });
    expect(add.body.data.employee_count).toBeGreaterThan(0);
    const res = await write(f.actor.key, "POST", url(`/salary-runs/${runId}/calculate`));
    expect([res.status, res.body.error.code]).toEqual([503, "SALARY_RUN_TAX_TABLE_MISSING"]);
    expect((await call("GET", url(`/salary-runs/${runId}`), { key: f.actor.key })).body.data).toMatchObject({
      status: "draft",
      total_gross: 0,
    });
    expect(await count("SELECT COUNT(*) AS n FROM salary_line_items WHERE salary_run_id = ?", runId)).toBe(0);
    const notCalculated = await call(
      "GET",
      url(`/salary-runs/${runId}/payslips/${add.body.data.added_employee_ids[0]}/pdf`),
      { key: f.actor.key },
    );
    expect(notCalculated.status).toBe(409);
  });
});
