// The AGI's decisions for a run (src/domains/payroll/agi/rules.ts), pure: who is declared and in
// which order, the specification numbers (fältkod 570, kept per employee, a newcomer the next free
// one) and each employee's month: cash pay (011), car benefit (013), the other benefits with the
// meal benefit (012), tax (001, or 274 under SINK), the boxes 050 and 051.
import { describe, expect, it } from "vitest";
import {
  agiContactOrRefusal,
  agiEmployeeMonth,
  agiEmployeeMonths,
  declaredMembers,
  specificationNumbers,
} from "../../src/domains/payroll/agi/rules";
import type { EmployeeRow, LineItemRow, RunEmployeeRow, SalaryRunRow } from "../../src/domains/payroll/rows";

const person = (id: string, lastName: string, fSkattStatus = "a_skatt") =>
  ({ id, firstName: "A", lastName, fSkattStatus }) as EmployeeRow;
const member = (employeeId: string, r: Partial<RunEmployeeRow> = {}) =>
  ({
    id: `m-${employeeId}`,
    employeeId,
    grossOre: 3_500_000,
    taxCalculatedOre: 713_400,
    taxOverrideOre: null,
    breakdown: { avgifter: { parts: [{ rate: "full", percent: "31.42", basis: 35_000, amount: 10_997 }] } },
    ...r,
  }) as RunEmployeeRow;
const item = (itemType: string, amountOre: number, of = "m-a") =>
  ({ itemType, amountOre, salaryRunEmployeeId: of }) as LineItemRow;

describe("the AGI of a run", () => {
  it.each([
    // status, line items, expected fields of the month
    ["a_skatt", [], { cashPayOre: 3_500_000, carBenefitOre: 0, otherBenefitsOre: 0, taxOre: 713_400, sink: false }],
    [
      "a_skatt",
      [
        item("car_benefit", 400_000),
        item("meal_benefit", 120_000),
        item("housing_benefit", 50_000),
        item("other_benefit", 30_000),
      ],
      { carBenefitOre: 400_000, mealBenefitOre: 120_000, otherBenefitsOre: 80_000 },
    ],
    ["sink", [], { sink: true }],
    [
      "a_skatt",
      [item("mileage_allowance", 25_000), item("per_diem", 29_000)],
      { mileageAllowance: true, perDiem: true },
    ],
  ] as const)("a %s month with %o", (status, own, expected) => {
    expect(agiEmployeeMonth(member("a"), status, [...own], "198503121234", 3)).toMatchObject({
      payeeId: "198503121234",
      specificationNumber: 3,
      contributionLiable: true,
      ...expected,
    });
  });

  it("declares no contributions for pay whose parts are all exempt (born 1937 or earlier)", () => {
    const exempt = member("a", {
      breakdown: { avgifter: { parts: [{ rate: "exempt", percent: "0", basis: 1, amount: 0 }] } },
    });
    expect(agiEmployeeMonth(exempt, "a_skatt", [], "193001011234", 1).contributionLiable).toBe(false);
  });

  it("declares by last name and leaves out an F-skatt holder (by the status the run calculated with)", () => {
    const people = new Map([
      ["a", person("a", "Öberg")],
      ["b", person("b", "Andersson")],
      ["c", person("c", "Berg", "f_skatt")],
      ["d", person("d", "Cederberg", "f_skatt")],
    ]);
    const members = [member("a"), member("b"), member("c"), member("d", { breakdown: { f_skatt_status: "a_skatt" } })];
    expect(declaredMembers(members, people).map((m) => m.employeeId)).toEqual(["b", "d", "a"]);
  });

  it("keeps each employee's specification number and gives a newcomer the next free one", () => {
    const known = [
      { employeeId: "a", number: 1 },
      { employeeId: "b", number: 4 },
    ];
    const out = specificationNumbers(known, [member("c"), member("a"), member("d")]);
    expect(Object.fromEntries(out.numberOf)).toEqual({ a: 1, b: 4, c: 5, d: 6 });
    expect(out.added).toEqual([
      { employeeId: "c", number: 5 },
      { employeeId: "d", number: 6 },
    ]);
  });

  it("refuses a negative amount with every field named (CONFLICT)", () => {
    const people = new Map([["a", person("a", "Berg")]]);
    const run = () =>
      agiEmployeeMonths([member("a", { grossOre: -100 })], people, [], new Map([["a", "1"]]), new Map([["a", 1]]));
    expect(run).toThrow(
      expect.objectContaining({
        code: "CONFLICT",
        details: { employees: [expect.objectContaining({ fields: ["cash_pay"] })] },
      }),
    );
  });

  it.each([
    [{ status: "paid" }, null, "123", "CONFLICT"],
    [{ status: "booked" }, { id: "x", submissionReference: "S1" }, "123", "CONFLICT"],
    [{ status: "booked" }, undefined, null, "CONFLICT"],
  ])("refuses %o (existing %o, org number %s) with %s", (run, existing, org, code) => {
    const contact = { name: "A", phone: "1", email: "a@b.se" };
    expect(() => agiContactOrRefusal(run as SalaryRunRow, existing as never, org, contact)).toThrow(
      expect.objectContaining({ code }),
    );
  });

  it("needs a contact person: AGI_CONTACT_MISSING", () => {
    expect(() => agiContactOrRefusal({ status: "booked" } as SalaryRunRow, undefined, "5561231234", null)).toThrow(
      expect.objectContaining({ code: "AGI_CONTACT_MISSING" }),
    );
  });
});
