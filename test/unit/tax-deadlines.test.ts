// Deadlines from SFL 26, 32, 35 and 62 kap., Årsredovisningslagen 8 kap. and Lag (1930:173)
// 2 §, checked against dates Skatteverket and Bolagsverket publish: the 2026 calendar, and
// published tables of earlier years where they test the same rule on other weekdays.
import { describe, expect, it } from "vitest";
import { type DeadlineType, type TaxProfile, taxDeadlines } from "../../src/sweden/tax-deadlines";

const ab: TaxProfile = {
  entity_type: "aktiebolag",
  fiscal_year_start: "2026-01-01",
  fiscal_year_end: "2026-12-31",
  moms_period: "monthly",
  annual_turnover_sek: 5_000_000,
  has_employees: true,
  f_skatt: true,
  eu_trade: false,
};

const soleTrader: TaxProfile = {
  ...ab,
  entity_type: "enskild_firma",
  moms_period: "yearly",
  annual_turnover_sek: 600_000,
  has_employees: false,
};

/** [period, due_date] of one type between two dates. */
function dues(profile: TaxProfile, type: DeadlineType, from = "2026-01-01", to = "2026-12-31"): [string, string][] {
  return taxDeadlines(profile, from, to)
    .filter((d) => d.type === type)
    .map((d) => [d.period, d.due_date]);
}

describe("VAT returns (momsdeklaration)", () => {
  it("monthly, VAT base up to 40 MSEK: the 12th of the second month, 17 January and 17 August", () => {
    expect(dues(ab, "vat_declaration")).toEqual([
      ["2025-11", "2026-01-19"], // 17 January is a Saturday
      ["2025-12", "2026-02-12"],
      ["2026-01", "2026-03-12"],
      ["2026-02", "2026-04-13"], // 12 April is a Sunday
      ["2026-03", "2026-05-12"],
      ["2026-04", "2026-06-12"],
      ["2026-05", "2026-07-13"],
      ["2026-06", "2026-08-17"],
      ["2026-07", "2026-09-14"],
      ["2026-08", "2026-10-12"],
      ["2026-09", "2026-11-12"],
      ["2026-10", "2026-12-14"],
    ]);
  });

  it("quarterly: 12 February, 12 May, 17 August, 12 November", () => {
    expect(dues({ ...ab, moms_period: "quarterly" }, "vat_declaration")).toEqual([
      ["2025-Q4", "2026-02-12"],
      ["2026-Q1", "2026-05-12"],
      ["2026-Q2", "2026-08-17"],
      ["2026-Q3", "2026-11-12"],
    ]);
  });

  it("above 40 MSEK: monthly on the 26th of the next month, also when quarterly was asked for", () => {
    const large = { ...ab, moms_period: "quarterly" as const, annual_turnover_sek: 40_000_001 };
    expect(dues(large, "vat_declaration")).toEqual([
      ["2025-12", "2026-01-26"],
      ["2026-01", "2026-02-26"],
      ["2026-02", "2026-03-26"],
      ["2026-03", "2026-04-27"],
      ["2026-04", "2026-05-26"],
      ["2026-05", "2026-06-26"],
      ["2026-06", "2026-07-27"],
      ["2026-07", "2026-08-26"],
      ["2026-08", "2026-09-28"],
      ["2026-09", "2026-10-26"],
      ["2026-10", "2026-11-26"],
      ["2026-11", "2026-12-28"], // 26 December is annandag jul (and a Saturday)
    ]);
    // exactly 40 MSEK is still the small filer's rule
    expect(dues({ ...ab, annual_turnover_sek: 40_000_000 }, "vat_declaration")[0]).toEqual(["2025-11", "2026-01-19"]);
  });

  it("yearly, calendar-year aktiebolag without EU trade: 17 August, with the digital income return", () => {
    expect(dues({ ...ab, moms_period: "yearly" }, "vat_declaration")).toEqual([["2025", "2026-08-17"]]);
  });

  it("yearly with EU trade, or a handelsbolag: the 26th of the second month after the year", () => {
    expect(dues({ ...ab, moms_period: "yearly", eu_trade: true }, "vat_declaration")).toEqual([["2025", "2026-02-26"]]);
    expect(dues({ ...soleTrader, eu_trade: true }, "vat_declaration")).toEqual([["2025", "2026-02-26"]]);
    expect(dues({ ...ab, entity_type: "handelsbolag", moms_period: "yearly" }, "vat_declaration")).toEqual([
      ["2025", "2026-02-26"],
    ]);
  });

  it("yearly, sole trader without EU trade: 12 May", () => {
    expect(dues(soleTrader, "vat_declaration")).toEqual([["2025", "2026-05-12"]]);
  });

  it.each([
    // year end, period, due: 12 December, 17 January, 12 April, 17 August (moved to banking days)
    ["2025-05-01", "2026-04-30", "2025/2026", "2026-12-14"],
    ["2024-07-01", "2025-06-30", "2024/2025", "2026-01-19"],
    ["2024-09-01", "2025-08-31", "2024/2025", "2026-04-13"],
    ["2024-10-01", "2025-09-30", "2024/2025", "2026-08-17"],
  ])("yearly, broken fiscal year %s..%s: %s due %s", (start, end, period, due) => {
    const profile = { ...ab, moms_period: "yearly" as const, fiscal_year_start: start, fiscal_year_end: end };
    expect(dues(profile, "vat_declaration")).toContainEqual([period, due]);
  });

  it("gives none to a company that is not registered for VAT", () => {
    expect(dues({ ...ab, moms_period: null }, "vat_declaration")).toEqual([]);
  });
});

describe("employer declarations and payments", () => {
  const months2026 = [
    ["2025-12", "2026-01-19"], // 17 January is a Saturday
    ["2026-01", "2026-02-12"],
    ["2026-02", "2026-03-12"],
    ["2026-03", "2026-04-13"],
    ["2026-04", "2026-05-12"],
    ["2026-05", "2026-06-12"],
    ["2026-06", "2026-07-13"],
    ["2026-07", "2026-08-17"],
    ["2026-08", "2026-09-14"],
    ["2026-09", "2026-10-12"],
    ["2026-10", "2026-11-12"],
    ["2026-11", "2026-12-14"],
  ];

  it("declares and pays by the 12th of the next month, the 17th in January and August", () => {
    expect(dues(ab, "employer_declaration")).toEqual(months2026);
    expect(dues(ab, "tax_payment")).toEqual(months2026);
    expect(dues({ ...ab, moms_period: null }, "employer_declaration")).toEqual(months2026);
  });

  it("matches Skatteverket's published 2022 dates (12/17 moved off weekends)", () => {
    // 2022: 17 14 14 12 12 13 12 17 12 12 14 12 (January to December)
    expect(dues(ab, "employer_declaration", "2022-01-01", "2022-12-31").map(([, due]) => due)).toEqual([
      "2022-01-17",
      "2022-02-14",
      "2022-03-14",
      "2022-04-12",
      "2022-05-12",
      "2022-06-13",
      "2022-07-12",
      "2022-08-17",
      "2022-09-12",
      "2022-10-12",
      "2022-11-14",
      "2022-12-12",
    ]);
  });

  it("above 40 MSEK: declares on the 26th but pays by the 12th (17th in January only)", () => {
    const large = { ...ab, annual_turnover_sek: 50_000_000 };
    const declared = new Map(dues(large, "employer_declaration"));
    const paid = new Map(dues(large, "tax_payment"));
    expect(declared.get("2025-12")).toBe("2026-01-26");
    expect(declared.get("2026-07")).toBe("2026-08-26");
    expect(declared.get("2026-11")).toBe("2026-12-28");
    expect(paid.get("2025-12")).toBe("2026-01-19");
    expect(paid.get("2026-07")).toBe("2026-08-12");
    expect(paid.get("2026-11")).toBe("2026-12-14");
  });

  it("gives none without employees", () => {
    expect(dues({ ...ab, has_employees: false }, "employer_declaration")).toEqual([]);
    expect(dues({ ...ab, has_employees: false }, "tax_payment")).toEqual([]);
  });
});

describe("F-skatt instalments (debiterad preliminärskatt)", () => {
  it("a calendar-year aktiebolag pays February to January, the 12th or 17th", () => {
    expect(dues(ab, "f_tax_instalment", "2026-01-01", "2027-01-31")).toEqual([
      ["2026-01", "2026-01-19"], // the last instalment of 2025
      ["2026-02", "2026-02-12"],
      ["2026-03", "2026-03-12"],
      ["2026-04", "2026-04-13"],
      ["2026-05", "2026-05-12"],
      ["2026-06", "2026-06-12"],
      ["2026-07", "2026-07-13"],
      ["2026-08", "2026-08-17"],
      ["2026-09", "2026-09-14"],
      ["2026-10", "2026-10-12"],
      ["2026-11", "2026-11-12"],
      ["2026-12", "2026-12-14"],
      ["2027-01", "2027-01-18"], // 17 January 2027 is a Sunday
    ]);
  });

  it("pays on 12 August when the VAT base is above 40 MSEK", () => {
    const august = dues({ ...ab, annual_turnover_sek: 41_000_000 }, "f_tax_instalment").find(([m]) => m === "2026-08");
    expect(august).toEqual(["2026-08", "2026-08-12"]);
  });

  it("a broken fiscal year pays from its second month to the month after it", () => {
    const broken = { ...ab, fiscal_year_start: "2026-05-01", fiscal_year_end: "2027-04-30" };
    const deadlines = taxDeadlines(broken, "2026-05-01", "2027-05-31").filter((d) => d.type === "f_tax_instalment");
    const forYear = deadlines.filter((d) => d.description_en.includes("2026/2027"));
    expect(forYear.map((d) => d.period)).toEqual([
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
      "2026-12",
      "2027-01",
      "2027-02",
      "2027-03",
      "2027-04",
      "2027-05",
    ]);
  });

  it("a sole trader pays February to January; a partnership pays none itself", () => {
    const months = dues(soleTrader, "f_tax_instalment").map(([m]) => m);
    expect(months[0]).toBe("2026-01");
    expect(months).toHaveLength(12);
    expect(dues({ ...ab, entity_type: "handelsbolag" }, "f_tax_instalment")).toEqual([]);
    expect(dues({ ...ab, f_skatt: false }, "f_tax_instalment")).toEqual([]);
  });
});

describe("income tax returns", () => {
  it("calendar-year aktiebolag: Inkomstdeklaration 2 digitally by 1 August, 3 August 2026", () => {
    const [ret] = taxDeadlines(ab, "2026-01-01", "2026-12-31").filter((d) => d.type === "income_tax_return");
    expect(ret).toMatchObject({ period: "2025", due_date: "2026-08-03" });
    expect(ret.description_sv).toContain("Inkomstdeklaration 2");
    expect(ret.description_sv).toContain("2026-07-01"); // on paper
  });

  it("sole trader: Inkomstdeklaration 1 with NE by 2 May, 4 May 2026", () => {
    const [ret] = taxDeadlines(soleTrader, "2026-01-01", "2026-12-31").filter((d) => d.type === "income_tax_return");
    expect(ret).toMatchObject({ period: "2025", due_date: "2026-05-04" });
    expect(ret.description_sv).toContain("NE");
  });

  it.each([
    ["handelsbolag", "Inkomstdeklaration 4"],
    ["kommanditbolag", "Inkomstdeklaration 4"],
    ["ekonomisk_forening", "Inkomstdeklaration 2"],
    ["ideell_forening", "Inkomstdeklaration 3"],
    ["stiftelse", "Inkomstdeklaration 3"],
  ] as const)("%s files %s on the legal persons' dates", (entity_type, form) => {
    const [ret] = taxDeadlines({ ...ab, entity_type }, "2026-01-01", "2026-12-31").filter(
      (d) => d.type === "income_tax_return",
    );
    expect(ret.due_date).toBe("2026-08-03");
    expect(ret.description_sv).toContain(form);
  });

  it.each([
    // year end -> digital deadline, as Skatteverket published them (2018/2019, 2023) and for 2026
    ["2017-05-01", "2018-04-30", "2018-12-03"],
    ["2017-07-01", "2018-06-30", "2019-01-15"],
    ["2017-09-01", "2018-08-31", "2019-04-01"],
    ["2022-02-01", "2023-01-31", "2023-12-01"],
    ["2025-05-01", "2026-04-30", "2026-12-01"],
    ["2024-10-01", "2025-09-30", "2026-08-03"],
  ])("fiscal year %s..%s: digitally by %s", (start, end, due) => {
    const profile = { ...ab, fiscal_year_start: start, fiscal_year_end: end };
    const returns = taxDeadlines(profile, addYears(start, -1), addYears(end, 2)).filter(
      (d) => d.type === "income_tax_return",
    );
    expect(returns.find((d) => d.period === `${start.slice(0, 4)}/${end.slice(0, 4)}`)?.due_date).toBe(due);
  });
});

describe("annual reports to Bolagsverket", () => {
  it("calendar-year aktiebolag: seven months after the year end, 31 July 2026", () => {
    expect(dues(ab, "annual_report")).toEqual([["2025", "2026-07-31"]]);
  });

  it.each([
    // Bolagsverket's table for years ending July 2020 to June 2021
    ["2019-08-01", "2020-07-31", "2021-03-01"],
    ["2019-09-01", "2020-08-31", "2021-03-31"],
    ["2019-10-01", "2020-09-30", "2021-04-30"],
    ["2019-11-01", "2020-10-31", "2021-05-31"],
    ["2019-12-01", "2020-11-30", "2021-06-30"],
    ["2020-01-01", "2020-12-31", "2021-08-02"],
    ["2020-02-01", "2021-01-31", "2021-08-31"],
    ["2020-03-01", "2021-02-28", "2021-09-30"],
    ["2020-04-01", "2021-03-31", "2021-11-01"],
    ["2020-05-01", "2021-04-30", "2021-11-30"],
    ["2020-06-01", "2021-05-31", "2022-01-03"],
    ["2020-07-01", "2021-06-30", "2022-01-31"],
  ])("fiscal year %s..%s: by %s", (start, end, due) => {
    const profile = { ...ab, fiscal_year_start: start, fiscal_year_end: end };
    const reports = taxDeadlines(profile, end, addYears(end, 1)).filter((d) => d.type === "annual_report");
    expect(reports[0].due_date).toBe(due);
  });

  it("ekonomisk förening from fiscal years starting 2025; none for sole traders and partnerships", () => {
    const forening = { ...ab, entity_type: "ekonomisk_forening" as const };
    expect(dues(forening, "annual_report")).toEqual([["2025", "2026-07-31"]]);
    expect(dues(forening, "annual_report", "2025-01-01", "2025-12-31")).toEqual([]);
    expect(dues(soleTrader, "annual_report")).toEqual([]);
    expect(dues({ ...ab, entity_type: "handelsbolag" }, "annual_report")).toEqual([]);
  });
});

describe("EU sales lists (periodisk sammanställning)", () => {
  const trader = { ...ab, eu_trade: true };

  it("monthly, digitally by the 25th: Skatteverket's 2022 dates", () => {
    // 2022: 25 25 25 25 25 27 25 25 26 25 25 27
    expect(dues(trader, "eu_sales_list", "2022-01-01", "2022-12-31").map(([, due]) => due)).toEqual([
      "2022-01-25",
      "2022-02-25",
      "2022-03-25",
      "2022-04-25",
      "2022-05-25",
      "2022-06-27",
      "2022-07-25",
      "2022-08-25",
      "2022-09-26",
      "2022-10-25",
      "2022-11-25",
      "2022-12-27",
    ]);
  });

  it("quarterly when Skatteverket allows it", () => {
    expect(dues({ ...trader, eu_sales_list_period: "quarterly" }, "eu_sales_list")).toEqual([
      ["2025-Q4", "2026-01-26"],
      ["2026-Q1", "2026-04-27"],
      ["2026-Q2", "2026-07-27"],
      ["2026-Q3", "2026-10-26"],
    ]);
  });

  it("gives none without EU trade or VAT registration", () => {
    expect(dues(ab, "eu_sales_list")).toEqual([]);
    expect(dues({ ...trader, moms_period: null }, "eu_sales_list")).toEqual([]);
  });
});

describe("the list", () => {
  it("starts at active_from: no period that ended before it", () => {
    const started = { ...ab, active_from: "2026-03-01" };
    const list = taxDeadlines(started, "2026-01-01", "2026-12-31");
    expect(list.find((d) => d.type === "vat_declaration")).toMatchObject({ period: "2026-03", due_date: "2026-05-12" });
    expect(list.find((d) => d.type === "f_tax_instalment")?.period).toBe("2026-03");
    expect(list.some((d) => d.type === "annual_report" || d.type === "income_tax_return")).toBe(false);
  });

  it("is ordered by due date, within the range, each with a source and both languages", () => {
    const list = taxDeadlines({ ...ab, eu_trade: true }, "2026-03-01", "2026-08-31");
    const dates = list.map((d) => d.due_date);
    expect(dates).toEqual([...dates].sort());
    expect(dates[0] >= "2026-03-01" && dates[dates.length - 1] <= "2026-08-31").toBe(true);
    for (const d of list) {
      expect(d.source).toMatch(/SFL|Årsredovisningslagen/);
      expect(d.description_sv.length).toBeGreaterThan(0);
      expect(d.description_en.length).toBeGreaterThan(0);
    }
    // 17 August 2026 carries the June VAT, the July employer declaration and payment, the F-skatt
    expect(list.filter((d) => d.due_date === "2026-08-17").map((d) => d.type)).toEqual([
      "vat_declaration",
      "employer_declaration",
      "tax_payment",
      "f_tax_instalment",
    ]);
  });

  it("a company with no VAT, no staff and no F-skatt still files its annual returns", () => {
    const quiet = { ...ab, moms_period: null, has_employees: false, f_skatt: false };
    expect(taxDeadlines(quiet, "2026-01-01", "2026-12-31").map((d) => [d.type, d.due_date])).toEqual([
      ["annual_report", "2026-07-31"],
      ["income_tax_return", "2026-08-03"],
    ]);
  });

  it("refuses bad input", () => {
    expect(() => taxDeadlines({ ...ab, fiscal_year_end: "2025-12-31" }, "2026-01-01", "2026-12-31")).toThrow(
      RangeError,
    );
    expect(() => taxDeadlines(ab, "2026-12-31", "2026-01-01")).toThrow(RangeError);
    expect(() => taxDeadlines(ab, "2026-13-01", "2026-12-31")).toThrow(RangeError);
  });
});

function addYears(date: string, years: number): string {
  return `${Number(date.slice(0, 4)) + years}${date.slice(4)}`;
}
