// One-off amounts (engångsbelopp) for employees outside column 1 and 2, April 2026, through the API.
// Skatteverket's 2026 one-off tables for columns 3-6 are not bundled: no second published source
// was found for them (src/sweden/payroll/one-off-tables.ts). A bonus for such an employee stops
// the calculation with 503 SALARY_RUN_TAX_TABLE_MISSING naming the employee, the year, the column
// and tax_withheld_override, and writes nothing; with the override set the month is calculated
// (the monthly table for the regular pay, ../shared/data/tax/skatteverket_allmanna-tabeller-manad_2026.txt,
// the override as the tax) and booked.
import { describe, expect, it } from "vitest";
import { call, companyFixture, entryLines, write, countOf, hire } from "../helpers";

const f = companyFixture({ name: "Engångsbolaget AB" });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;

async function employee(body: Record<string, unknown>): Promise<string> {
  return (await hire(f, body)).id;
}

const count = countOf;

describe("a bonus in columns 3 and 5, 2026", () => {
  it("stops calculate with 503 naming year, column and the override, then calculates and books with the tax set by hand", async () => {
    // Born 1955: 70 at 1 January 2026, column 3 from age. 30B34 30001-30200, column 3: 2 868 kr.
    const senior = await employee({
      first_name: "Greta",
      last_name: "Äldre",
      personnummer: "195503141235",
      salary_type: "monthly",
      monthly_salary: 30100,
      tax_table_number: 34,
    });
    // Column 5 set on the employee. 30B33 19901-20000, column 5: 5 498 kr.
    const col5 = await employee({
      first_name: "Olof",
      last_name: "Femma",
      personnummer: "198006204567",
      salary_type: "monthly",
      monthly_salary: 20000,
      tax_table_number: 33,
      tax_column: 5,
    });

    const run = await write(f.actor.key, "POST", url("/salary-runs"), {
      period_year: 2026,
      period_month: 4,
      payment_date: "2026-04-25",
    });
    const runId = run.body.data.id as string;
    const R = (p = "") => url(`/salary-runs/${runId}${p}`);
    expect((await write(f.actor.key, "POST", R("/employees"), { all_active: true })).body.data.employee_count).toBe(2);
    expect(
      (await write(f.actor.key, "POST", R(`/employees/${senior}/line-items`), { item_type: "bonus", amount: 10000 }))
        .status,
    ).toBe(201);
    expect(
      (
        await write(f.actor.key, "POST", R(`/employees/${col5}/line-items`), {
          item_type: "retroactive_pay",
          amount: 4000,
        })
      ).status,
    ).toBe(201);

    const refused = await write(f.actor.key, "POST", R("/calculate"));
    expect([refused.status, refused.body.error.code]).toEqual([503, "SALARY_RUN_TAX_TABLE_MISSING"]);
    expect(refused.body.error.details.employees).toHaveLength(2);
    const hint = (column: number) =>
      expect.stringMatching(
        new RegExp(`^tax_withheld_override: Skatteverket's 2026 one-off table for column ${column} is not bundled`),
      );
    expect(refused.body.error.details.employees).toEqual(
      expect.arrayContaining([
        { employee_id: senior, year: 2026, column: 3, missing: "one_off_table", set_by_hand: hint(3) },
        { employee_id: col5, year: 2026, column: 5, missing: "one_off_table", set_by_hand: hint(5) },
      ]),
    );
    expect((await call("GET", R(), { key: f.actor.key })).body.data).toMatchObject({
      status: "draft",
      total_gross: 0,
      total_tax: 0,
    });
    expect(
      await count("SELECT COUNT(*) AS n FROM salary_line_items WHERE salary_run_id = ? AND source = 'engine'", runId),
    ).toBe(0);

    // The payroll officer's figures from Skatteverket's table (the month's whole tax):
    // Greta 2 868 + 10 % of 10 000 = 3 868; Olof 5 498 + 34 % of 4 000 = 6 858.
    expect((await write(f.actor.key, "PATCH", R(`/employees/${senior}`), { tax_withheld_override: 3868 })).status).toBe(
      200,
    );
    // one refusal is enough to stop the run: Olof's is still missing
    const stillRefused = await write(f.actor.key, "POST", R("/calculate"));
    expect(stillRefused.body.error.details.employees.map((e: any) => [e.employee_id, e.column])).toEqual([[col5, 5]]);
    expect((await write(f.actor.key, "PATCH", R(`/employees/${col5}`), { tax_withheld_override: 6858 })).status).toBe(
      200,
    );

    const calc = await write(f.actor.key, "POST", R("/calculate"));
    expect(calc.status, JSON.stringify(calc.body)).toBe(200);
    // contributions: born 1955 10.21 % of 40 100 = 4 094.21; born 1980 31.42 % of 24 000 = 7 540.80
    expect(calc.body.data).toMatchObject({
      status: "review",
      total_gross: 64100,
      total_tax: 10726,
      total_net: 53374,
      total_avgifter: 11635.01,
    });
    expect(calc.body.data.warnings).toEqual(
      expect.arrayContaining([
        "Greta Äldre: no 2026 one-off table for column 3 is bundled; the tax is tax_withheld_override",
        "Olof Femma: no 2026 one-off table for column 5 is bundled; the tax is tax_withheld_override",
      ]),
    );
    const greta = (await call("GET", R(`/employees/${senior}`), { key: f.actor.key })).body.data;
    expect(greta).toMatchObject({
      gross_salary: 40100,
      tax_withheld: 3868,
      tax_withheld_calculated: 2868,
      tax_withheld_override: 3868,
      net_salary: 36232,
      avgifter_amount: 4094.21,
    });
    expect(greta.calculation_breakdown.tax).toMatchObject({
      regular: { tax: 2868, rule: { table: 34, column: 3 } },
      one_off: {
        taxable_kronor: 10000,
        annual_income_kronor: 30100 * 9 + 10000,
        tax: null,
        missing: { year: 2026, column: 3, table: "one_off" },
        set_by: "tax_withheld_override",
      },
    });
    // clearing the override now would leave the one-off amount untaxed: refused, nothing changes
    const clear = await write(f.actor.key, "PATCH", R(`/employees/${senior}`), { tax_withheld_override: null });
    expect([clear.status, clear.body.error.code]).toEqual([409, "CONFLICT"]);
    expect((await call("GET", R(), { key: f.actor.key })).body.data.total_tax).toBe(10726);

    expect((await write(f.actor.key, "POST", R("/approve"))).body.data.status).toBe("approved");
    expect((await write(f.actor.key, "POST", R("/mark-paid"), {})).body.data.status).toBe("paid");
    const booked = await write(f.actor.key, "POST", R("/book"));
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(await entryLines(f.actor.key, f.companyId, booked.body.data.salary_entry_id)).toEqual({
      "7210": [64100, 0],
      "2710": [0, 10726],
      "1930": [0, 53374],
    });
    expect(await entryLines(f.actor.key, f.companyId, booked.body.data.avgifter_entry_id)).toEqual({
      "7510": [11635.01, 0],
      // 2731 holds Skatteverket's figure (bases in whole kronor per rate, öre dropped); 1.01 on 3740
      "2731": [0, 11634],
      "3740": [0, 1.01],
    });
  });
});
