// One employee's month (src/domains/payroll/calculate.ts) against hand-computed figures from
// Skatteverket's 2026 monthly tables (../shared/data/tax), the 2026 contribution rates
// (31.42 %, 10.21 % born 1938-1958, 0 % born 1937 or earlier, 20.81 % youth rate from 2026-04-01
// on up to 25 000 kr) and the one-off table (SKVFS 2025:21, column 1).
import { describe, expect, it } from "vitest";
import type { EmployeeRow, LineItemRow, RunEmployeeRow, SalaryRunRow } from "../../src/domains/payroll/rows";
import {
  annualIncomeBefore,
  calculateEmployees,
  calculateMonth,
  type EmployeeTerms,
} from "../../src/domains/payroll/runs/calculate/rules";

const base: EmployeeTerms = {
  firstName: "Test",
  lastName: "Person",
  birthDate: "1985-03-12",
  salaryType: "monthly",
  monthlySalaryOre: 3_500_000,
  hourlyRateOre: null,
  salaryExchangeOre: 0,
  fSkattStatus: "a_skatt",
  taxTableNumber: 33,
  taxColumn: null,
  taxDecidedPercent: null,
  taxDecisionReference: null,
};

function month(
  terms: Partial<EmployeeTerms>,
  opts: { payDate?: string; items?: { itemType: string; amountOre: number }[]; hours?: number; ytd?: number } = {},
) {
  const r = calculateMonth({
    terms: { ...base, ...terms },
    payDate: opts.payDate ?? "2026-04-25",
    hoursHundredths: opts.hours ?? null,
    manualItems: opts.items ?? [],
    ytdTaxBasisOre: opts.ytd ?? 0,
  });
  if (!r.ok) throw new Error(JSON.stringify(r.missing));
  return r.figures;
}

describe("tax", () => {
  it("reads the monthly table: table 33 column 1, 35 000 kr -> 7 134 kr; row boundaries 34 800 / 34 801", () => {
    expect(month({}).taxOre).toBe(713_400);
    // 30B33 34601-34800 column 1 is 7 084 (one row below)
    expect(month({ monthlySalaryOre: 3_480_000 }).taxOre).toBe(708_400);
    expect(month({ monthlySalaryOre: 3_480_100 }).taxOre).toBe(713_400);
    // öre are dropped before the table: 35 000.99 is the 35 000 row
    expect(month({ monthlySalaryOre: 3_500_099 }).taxOre).toBe(713_400);
  });

  it("takes a percentage above 80 000 kr, truncated to whole kronor (30%33 80001-81000: 33 %)", () => {
    expect(month({ monthlySalaryOre: 8_100_000 }).taxOre).toBe(2_673_000);
    expect(month({ monthlySalaryOre: 8_000_100 }).taxOre).toBe(Math.floor(80_001 * 0.33) * 100);
  });

  it("uses column 3 from 66 at 1 January (born 1959 or earlier) unless the employee names a column", () => {
    // 30B34 30001-30200: column 1 6 105, column 3 2 868
    expect(month({ birthDate: "1950-01-01", taxTableNumber: 34, monthlySalaryOre: 3_010_000 }).taxOre).toBe(286_800);
    expect(month({ birthDate: "1960-01-01", taxTableNumber: 34, monthlySalaryOre: 3_010_000 }).taxOre).toBe(610_500);
    expect(
      month({ birthDate: "1950-01-01", taxTableNumber: 34, taxColumn: 1, monthlySalaryOre: 3_010_000 }).taxOre,
    ).toBe(610_500);
  });

  it("side income 30 %, SINK 22.5 %, a decided percentage, F-skatt nothing", () => {
    expect(month({ fSkattStatus: "side_income", taxTableNumber: null }).taxOre).toBe(1_050_000);
    expect(month({ fSkattStatus: "sink", taxTableNumber: null }).taxOre).toBe(787_500);
    expect(
      month({
        fSkattStatus: "decided_percent",
        taxTableNumber: null,
        taxDecidedPercent: "12.5",
        taxDecisionReference: "beslut 1",
      }).taxOre,
    ).toBe(437_500);
    const f = month({ fSkattStatus: "f_skatt", taxTableNumber: null });
    expect([f.taxOre, f.avgifterOre]).toEqual([0, 0]);
  });

  it("taxes a bonus by the one-off table on the expected annual income", () => {
    // 35 000 x 9 (April-December) + 50 000 = 365 000 -> 26 %: 13 000; with 120 000 earlier this year 485 000 -> 34 %: 17 000
    const f = month({}, { items: [{ itemType: "bonus", amountOre: 5_000_000 }] });
    expect(f.taxOre).toBe(713_400 + 1_300_000);
    expect(month({}, { items: [{ itemType: "bonus", amountOre: 5_000_000 }], ytd: 12_000_000 }).taxOre).toBe(
      713_400 + 1_700_000,
    );
  });

  it("counts a leaver's annual income only to the end of the employment (issue #40)", () => {
    // Employed October-November at 32 000 kr, leaves 2026-11-30, paid semesterersättning 8 048 kr
    // with the November salary. Income from this payer in 2026: 32 000 (October) + 32 000
    // (November) + 8 048 = 72 048 -> column 1 band 25 042-82 800: 10 % -> 804 kr. Counting
    // December too gives 104 048 -> 21 % -> 1 690 kr: 886 kr too much (the case of the issue).
    const terms = { monthlySalaryOre: 3_200_000, employmentEnd: "2026-11-30" };
    const opts = {
      payDate: "2026-11-25",
      items: [{ itemType: "vacation_payout", amountOre: 804_800 }],
      ytd: 3_200_000,
    };
    const leaver = month(terms, opts);
    const staying = month({ ...terms, employmentEnd: null }, opts);
    const oneOff = (f: typeof leaver) =>
      (f.breakdown.tax as { one_off: { annual_income_kronor: number; tax: number } }).one_off;
    expect(oneOff(leaver)).toMatchObject({ annual_income_kronor: 72_048, tax: Math.trunc(8_048 * 0.1) });
    expect(oneOff(staying)).toMatchObject({ annual_income_kronor: 104_048, tax: Math.trunc(8_048 * 0.21) });
    expect(staying.taxOre - leaver.taxOre).toBe(886_00);
    // ending later in the year counts through that month; ending next year counts to December
    const endsDecember = month({ ...terms, employmentEnd: "2026-12-15" }, opts);
    expect(oneOff(endsDecember).annual_income_kronor).toBe(104_048);
    // paid after the end (final settlement in December for a November leaver): this payment only
    const after = month({ ...terms, employmentEnd: "2026-11-30" }, { ...opts, payDate: "2026-12-25", ytd: 6_400_000 });
    expect(oneOff(after).annual_income_kronor).toBe(64_000 + 32_000 + 8_048);
  });

  it("adds benefits to the bases without paying them; keeps reimbursements out of both", () => {
    const f = month(
      {},
      {
        items: [
          { itemType: "car_benefit", amountOre: 300_000 },
          { itemType: "mileage_allowance", amountOre: 50_000 },
          { itemType: "net_deduction", amountOre: 10_000 },
        ],
      },
    );
    // 38 000 taxable: 30B33 37801-38000 column 1 = 7 888
    expect(f.taxOre).toBe(788_800);
    expect(f).toMatchObject({
      grossOre: 3_500_000,
      benefitsOre: 300_000,
      reimbursementsOre: 50_000,
      deductionsOre: 10_000,
      taxBasisOre: 3_800_000,
      avgifterBasisOre: 3_800_000,
    });
    expect(f.avgifterOre).toBe(1_193_960);
  });

  it("pays by the hour, rounding to öre", () => {
    const f = month(
      {
        salaryType: "hourly",
        monthlySalaryOre: null,
        hourlyRateOre: 18_750,
        fSkattStatus: "side_income",
        taxTableNumber: null,
      },
      { hours: 1_633 },
    );
    // 187.50 x 16.33 = 3 061.875 -> 3 061.88
    expect(f.grossOre).toBe(306_188);
    expect(f.taxOre).toBe(Math.floor(3_061 * 0.3) * 100);
  });

  it("is missing for a year without tables", () => {
    const r = calculateMonth({
      terms: base,
      payDate: "2027-01-25",
      hoursHundredths: null,
      manualItems: [],
      ytdTaxBasisOre: 0,
    });
    expect(r.ok).toBe(false);
  });
});

describe("employer contributions by age band", () => {
  it("31.42 %, 10.21 % for those born 1938-1958, 0 % for 1937 or earlier", () => {
    expect(month({}).avgifterOre).toBe(1_099_700);
    expect(month({ birthDate: "1958-12-31", taxTableNumber: 34 }).avgifterOre).toBe(357_350);
    expect(month({ birthDate: "1938-01-01", taxTableNumber: 34 }).avgifterOre).toBe(357_350);
    expect(month({ birthDate: "1937-12-31", taxTableNumber: 34 }).avgifterOre).toBe(0);
  });

  it("the youth rate 20.81 % on up to 25 000 kr from April 2026, the full rate above; not in March", () => {
    const young = { birthDate: "2005-06-15", taxTableNumber: 32 };
    expect(month({ ...young, monthlySalaryOre: 2_000_000 }).avgifterOre).toBe(416_200);
    expect(month({ ...young, monthlySalaryOre: 2_800_000 }).avgifterOre).toBe(520_250 + 94_260);
    expect(month({ ...young, monthlySalaryOre: 2_000_000 }, { payDate: "2026-03-25" }).avgifterOre).toBe(628_400);
    // born 2008: 17 at 1 January 2026, outside the reduction
    expect(month({ ...young, birthDate: "2008-01-01", monthlySalaryOre: 2_000_000 }).avgifterOre).toBe(628_400);
  });

  it("salary exchange lowers gross and bases, and buys a premium with 24.26 % special payroll tax", () => {
    const f = month({ salaryExchangeOre: 200_000 });
    expect(f.engineItems.map((i) => [i.itemType, i.amountOre])).toEqual([
      ["monthly_salary", 3_500_000],
      ["salary_exchange", -200_000],
    ]);
    expect(f).toMatchObject({
      grossOre: 3_300_000,
      taxBasisOre: 3_300_000,
      pensionOre: 200_000,
      specialPayrollTaxOre: 48_520,
    });
  });
});

describe("the run's employees (calculateEmployees) and the year's income before the run", () => {
  const run = { id: "r1", periodYear: 2026, periodMonth: 4, paymentDate: "2026-04-25" } as SalaryRunRow;
  const person = (id: string, terms: Partial<EmployeeTerms> = {}) =>
    ({
      ...base,
      id,
      email: "a@example.se",
      clearingNumber: "8327",
      bankAccountNumber: "9417543",
      isActive: true,
      employmentStart: "2020-01-01",
      employmentEnd: null,
      ...terms,
    }) as unknown as EmployeeRow;
  const member = (id: string) =>
    ({
      id: `m-${id}`,
      employeeId: id,
      hoursHundredths: null,
      taxOverrideOre: null,
      avgifterOverrideOre: null,
    }) as RunEmployeeRow;
  const decide = (people: EmployeeRow[], manual: Partial<LineItemRow>[] = []) =>
    calculateEmployees({
      run,
      members: people.map((p) => member(p.id)),
      people: new Map(people.map((p) => [p.id, p])),
      manual: manual as LineItemRow[],
      earlier: new Map(),
      absence: new Map(),
      vacation: new Map(),
      warnings: ["from absence"],
      now: "2026-04-20T10:00:00.000Z",
    });

  it.each([
    // monthly salary, manual rows, gross, tax, net (öre): table 33 column 1 as above
    [3_500_000, [], 3_500_000, 713_400, 2_786_600],
    [3_500_000, [{ itemType: "expense_reimbursement", amountOre: 50_000 }], 3_500_000, 713_400, 2_836_600],
    [3_500_000, [{ itemType: "net_deduction", amountOre: 100_000 }], 3_500_000, 713_400, 2_686_600],
  ])("%i öre a month with %o: gross %i, tax %i, net %i", (salary, rows, gross, tax, net) => {
    const out = decide(
      [person("a", { monthlySalaryOre: salary })],
      rows.map((r) => ({ ...r, salaryRunEmployeeId: "m-a" })),
    );
    expect(out.updated.map((r) => [r.grossOre, r.taxCalculatedOre, r.netOre])).toEqual([[gross, tax, net]]);
    expect(out.engineItems.map((i) => [i.salaryRunEmployeeId, i.itemType, i.amountOre])).toEqual([
      ["m-a", "monthly_salary", salary],
    ]);
    expect(out.warnings[0]).toBe("from absence");
  });

  it("refuses the whole run when one employee has no table for the year: SALARY_RUN_TAX_TABLE_MISSING", () => {
    expect(() => decide([person("a"), person("b", { taxTableNumber: 99 })])).toThrow(
      expect.objectContaining({ code: "SALARY_RUN_TAX_TABLE_MISSING" }),
    );
  });

  it.each([
    [2026, { a: 100_000 }, { a: 4_100_000 }], // an opening balance of the year adds gross 3 500 000 + benefits 500 000
    [2027, { a: 100_000 }, { a: 100_000 }], // of another year it does not
  ])("annualIncomeBefore in %i", (year, earlier, expected) => {
    const openings = new Map([["a", { year: 2026, ytdGrossOre: 3_500_000, ytdBenefitsOre: 500_000 }]]);
    expect(Object.fromEntries(annualIncomeBefore(new Map(Object.entries(earlier)), openings, year))).toEqual(expected);
  });
});
