// The company's pure rules (src/domains/companies/rules.ts): the creation rules of POST
// /companies (the first fiscal year, the accounting method, VAT registration) and the
// settings columns a PATCH writes.
import { describe, expect, it } from "vitest";
import { checkCreationRules, checkVatRegistration, settingsColumns } from "../../src/domains/companies/rules";
import type { CompanyCreateInput, SettingsPatchInput } from "../../src/domains/companies/schemas";

const AB = {
  name: "Exempel AB",
  org_number: "556036-0793",
  entity_type: "aktiebolag",
  vat_registered: true,
  moms_period: "quarterly",
  f_skatt: true,
  fiscal_year_start_month: 7,
} as unknown as CompanyCreateInput;

describe("checkCreationRules", () => {
  it("takes the fiscal year of today by the start month, accrual for an aktiebolag", () => {
    expect(checkCreationRules(AB, "2026-03-15")).toEqual({
      orgNumber: "556036-0793",
      period: { start: "2025-07-01", end: "2026-06-30" },
      accountingMethod: "accrual",
    });
  });

  it("refuses a sole trader off the calendar year and VAT without a moms period", () => {
    const ef = { ...AB, entity_type: "enskild_firma" } as CompanyCreateInput;
    expect(() => checkCreationRules(ef, "2026-03-15")).toThrow();
    expect(() => checkCreationRules({ ...AB, moms_period: undefined } as CompanyCreateInput, "2026-03-15")).toThrow();
    expect(() => checkCreationRules({ ...AB, org_number: "556036-0794" }, "2026-03-15")).toThrow();
  });

  it("gives a sole trader on the calendar year the cash method", () => {
    const ef = { ...AB, entity_type: "enskild_firma", fiscal_year_start_month: 1 } as CompanyCreateInput;
    expect(checkCreationRules(ef, "2026-03-15")).toMatchObject({
      period: { start: "2026-01-01", end: "2026-12-31" },
      accountingMethod: "cash",
    });
  });
});

describe("checkVatRegistration", () => {
  it("asks a moms period and an organisation number of a VAT-registered company, and no period of another", () => {
    expect(() => checkVatRegistration(true, "monthly", "556036-0793")).not.toThrow();
    expect(() => checkVatRegistration(true, null, "556036-0793")).toThrow();
    expect(() => checkVatRegistration(true, "monthly", null)).toThrow();
    expect(() => checkVatRegistration(false, "monthly", null)).toThrow();
    expect(() => checkVatRegistration(false, null, null)).not.toThrow();
  });
});

describe("settingsColumns", () => {
  it("writes the fields given in their columns' form, and only those", () => {
    const patch = { iban: "SE45 5000 0000 0583 9825 7466", reminder_fee: 60, late_payment_interest_rate: 0.0875 };
    expect(settingsColumns(patch as SettingsPatchInput)).toEqual({
      iban: "SE45 5000 0000 0583 9825 7466",
      reminderFeeOre: 6000,
      latePaymentInterestRate: "0.0875",
    });
    expect(() => settingsColumns({ late_payment_interest_rate: 0.08755 } as SettingsPatchInput)).toThrow();
    expect(() => settingsColumns({ reminder_fee: 60.005 } as SettingsPatchInput)).toThrow();
  });
});
