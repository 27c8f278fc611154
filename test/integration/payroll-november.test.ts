// Issue #40, the year as a regression test: a November payroll with a leaver, a car benefit, a
// meal benefit and salary exchange. The leaver's one-off tax on semesterersättning counts the
// income from this payer only through the end of the employment (item 3); the AGI declares the
// meal benefit in 012 with no Kostforman field and passes the field list (item 4); the benefits
// are in the books and the books reconcile with the AGI in the avgifter basis report (item 9).
// Every figure is computed here from its source:
// - tax: Skatteverket's monthly table 33, column 1, 2026 (test/fixtures/tax): 30B33 31801-32000
//   = 6 381; 30B33 42401-42600 = 9 260. One-off table 2026 column 1 (SKVFS 2025:21): 25 042-82 800
//   10 %, 82 801-192 000 21 %.
// - semesterersättning (semesterlagen 4 §, 28 §, 16 a §): employed from 1 October (after 31 August)
//   gives 5 paid days in 2026, paid out at the end of the employment at the same-salary day value
//   32 000 × (4.6 % + 0.43 %) = 1 609.60: 5 × 1 609.60 = 8 048.
// - employer contributions 31.42 % (born 1985, 1980); Skatteverket's figure per rate on whole
//   kronor with öre dropped; special payroll tax 24.26 % on the pension premium (SLP 2026).
import { describe, expect, it } from "vitest";
import { XMLParser } from "fast-xml-parser";
import { call, companyFixture, entryLines, hire, write } from "../helpers";
import { validateAgi } from "../fixtures/agi/validate-agi";

const f = companyFixture({ name: "Novemberbolaget AB" });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;
const CONTACT = { name: "Lena Lön", phone: "08-123 45 67", email: "lon@novemberbolaget.se" };

async function run(
  period_month: number,
  payment_date: string,
  employees: string[],
  items: [string, Record<string, unknown>][],
) {
  const r = await write(f.actor.key, "POST", url("/salary-runs"), { period_year: 2026, period_month, payment_date });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const R = (p = "") => url(`/salary-runs/${r.body.data.id}${p}`);
  expect(
    (
      await write(f.actor.key, "POST", R("/employees"), {
        employees: employees.map((employee_id) => ({ employee_id })),
      })
    ).status,
  ).toBe(200);
  for (const [emp, body] of items)
    expect((await write(f.actor.key, "POST", R(`/employees/${emp}/line-items`), body)).status).toBe(201);
  const calc = await write(f.actor.key, "POST", R("/calculate"));
  expect(calc.status, JSON.stringify(calc.body)).toBe(200);
  for (const step of ["/approve", "/mark-paid", "/book"]) {
    const res = await write(f.actor.key, "POST", R(step), step === "/mark-paid" ? {} : undefined);
    expect(res.status, `${step} ${JSON.stringify(res.body)}`).toBe(200);
  }
  return { id: r.body.data.id as string, R };
}

const trunc = (x: number) => Math.trunc(x);
/** öre, half up, of whole kronor × 31.42 % (the per-employee contribution as booked on 7510) */
const ore3142 = (kronor: number) => Math.round((kronor * 3142) / 100);

describe("a November payroll with a leaver, a car benefit, a meal benefit and salary exchange", () => {
  it("taxes the leaver on this payer's income only, declares every benefit in the schema's fields, and the books equal the AGI", async () => {
    const lina = (
      await hire(f, {
        first_name: "Lina",
        last_name: "Lämnar",
        personnummer: "198503121231",
        employment_start: "2026-10-01",
        salary_type: "monthly",
        monthly_salary: 32000,
        tax_table_number: 33,
      })
    ).id as string;
    const bo = (
      await hire(f, {
        first_name: "Bo",
        last_name: "Bil",
        personnummer: "198011111674",
        salary_type: "monthly",
        monthly_salary: 40000,
        salary_exchange_monthly: 2000,
        tax_table_number: 33,
      })
    ).id as string;
    await run(10, "2026-10-23", [lina], []);
    const end = await write(f.actor.key, "PATCH", url(`/employees/${lina}`), { employment_end: "2026-11-30" });
    expect(end.status, JSON.stringify(end.body)).toBe(200);

    const CAR = 3500;
    const MEAL = 1100;
    const nov = await run(
      11,
      "2026-11-25",
      [lina, bo],
      [
        [bo, { item_type: "car_benefit", amount: CAR }],
        [bo, { item_type: "meal_benefit", amount: MEAL }],
      ],
    );

    // item 3: 32 000 (October) + 32 000 (November) + 8 048 = 72 048 -> 10 %; December not counted
    const PAYOUT = (5 * 32000 * 503) / 10000;
    expect(PAYOUT).toBe(8048);
    const of = async (id: string) => (await call("GET", nov.R(`/employees/${id}`), { key: f.actor.key })).body.data;
    const oneOff = (await of(lina)).calculation_breakdown.tax.one_off;
    expect(oneOff).toMatchObject({ taxable_kronor: PAYOUT, annual_income_kronor: 72048, regular_months_counted: 1 });
    expect(oneOff.tax).toBe(trunc(PAYOUT * 0.1));
    const linaTax = 6381 + trunc(PAYOUT * 0.1);
    // Bo: 40 000 - 2 000 salary exchange + 3 500 car + 1 100 meal = 42 600 taxable
    const boTaxable = 40000 - 2000 + CAR + MEAL;
    expect(boTaxable).toBe(42600);
    const boTax = 9260;
    expect([(await of(lina)).tax_withheld, (await of(bo)).tax_withheld]).toEqual([linaTax, boTax]);

    // item 4: the AGI against the field list, meal and car in 012 and 013
    const gen = await write(f.actor.key, "POST", nov.R("/generate-agi"), { contact: CONTACT });
    expect(gen.status, JSON.stringify(gen.body)).toBe(201);
    const xml = gen.body.data.agi_xml as string;
    expect(validateAgi(xml)).toEqual([]);
    expect(xml).not.toContain("Kostforman");
    const doc = new XMLParser({
      ignoreAttributes: false,
      parseTagValue: false,
      isArray: (n) => n === "agd:Blankett",
    }).parse(xml).Skatteverket;
    const ius = doc["agd:Blankett"].slice(1).map((b: any) => b["agd:Blankettinnehall"]["agd:IU"]);
    const fields = (iu: any) =>
      Object.entries(iu)
        .filter(([k]) => !k.endsWith("GROUP"))
        .map(([k, v]: [string, any]) => [k.slice(4), v["@_faltkod"], v["#text"]]);
    const linaCash = 32000 + PAYOUT;
    const boCash = 40000 - 2000;
    // ordered by last name: Bil, Lämnar; the first AGI of the company numbers them in that order
    expect(ius.map(fields)).toEqual([
      [
        ["RedovisningsPeriod", "006", "202611"],
        ["Specifikationsnummer", "570", "001"],
        ["KontantErsattningUlagAG", "011", String(boCash)],
        ["SkatteplOvrigaFormanerUlagAG", "012", String(MEAL)],
        ["SkatteplBilformanUlagAG", "013", String(CAR)],
        ["AvdrPrelSkatt", "001", String(boTax)],
      ],
      [
        ["RedovisningsPeriod", "006", "202611"],
        ["Specifikationsnummer", "570", "002"],
        ["KontantErsattningUlagAG", "011", String(linaCash)],
        ["AvdrPrelSkatt", "001", String(linaTax)],
      ],
    ]);
    const declared = trunc(((linaCash + boTaxable) * 3142) / 10000);
    expect(gen.body.data).toMatchObject({
      total_brutto: linaCash + boCash,
      total_benefits: CAR + MEAL,
      total_tax: linaTax + boTax,
      total_avgifter: declared,
    });

    // item 9: the books, and the books against the AGI
    const runNow = (await call("GET", nov.R(), { key: f.actor.key })).body.data;
    const net = linaCash - linaTax + boCash - boTax;
    expect(await entryLines(f.actor.key, f.companyId, runNow.salary_entry_id)).toEqual({
      "7210": [linaCash + boCash, 0],
      "7385": [CAR, 0],
      "7382": [MEAL, 0],
      "7380": [0, CAR + MEAL],
      "2710": [0, linaTax + boTax],
      "1930": [0, net],
    });
    const booked7510 = (ore3142(linaCash) + ore3142(boTaxable)) / 100;
    expect(await entryLines(f.actor.key, f.companyId, runNow.avgifter_entry_id)).toEqual({
      "7510": [booked7510, 0],
      "2731": [0, declared],
      ...(booked7510 !== declared
        ? {
            "3740":
              booked7510 > declared
                ? [0, Math.round((booked7510 - declared) * 100) / 100]
                : [Math.round((declared - booked7510) * 100) / 100, 0],
          }
        : {}),
    });
    expect(await entryLines(f.actor.key, f.companyId, runNow.pension_entry_id)).toEqual({
      "7412": [2000, 0],
      "2930": [0, 2000],
      "7533": [485.2, 0],
      "2514": [0, 485.2],
    });
    const basis = await call("GET", url("/reports/avgifter-basis?year=2026"), { key: f.actor.key });
    expect(basis.status).toBe(200);
    const rec = basis.body.data.agi_reconciliation.find((r: any) => r.salary_run_id === nov.id);
    expect(rec).toEqual({
      salary_run_id: nov.id,
      period: "2026-11",
      salary_entry_id: runNow.salary_entry_id,
      books: {
        cash_pay: linaCash + boCash,
        benefits: CAR + MEAL,
        tax: linaTax + boTax,
        benefits_by_account: { "7385": CAR, "7382": MEAL },
      },
      not_declared: { cash_pay: 0, benefits: 0, tax: 0 },
      agi: { cash_pay: linaCash + boCash, benefits: CAR + MEAL, tax: linaTax + boTax },
      difference: { cash_pay: 0, benefits: 0, tax: 0 },
    });
    // the October run has no AGI: its books alone
    expect(basis.body.data.agi_reconciliation.find((r: any) => r.salary_run_id !== nov.id)).toMatchObject({
      period: "2026-10",
      books: { cash_pay: 32000, benefits: 0, tax: 6381 },
      agi: null,
      difference: null,
    });
  });
});
