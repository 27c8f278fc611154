// Tax and filing deadlines of a Swedish company.
//
// Sources, rule by rule (SFL = Skatteförfarandelagen (2011:1244)):
// - Moving a deadline: Lag (1930:173) om beräkning av lagstadgad tid 2 §: a deadline on a
//   Saturday, Sunday, public holiday, midsommarafton, julafton or nyårsafton moves to the
//   next weekday (see ./calendar). Skatteverket's rättsliga vägledning applies it to
//   declarations and to payments of debiterad preliminärskatt; Bolagsverket applies it to the
//   annual report (its published table for 2021: FY 2021-05-31 due Monday 2022-01-03).
// - VAT, beskattningsunderlag up to 40 MSEK, per month or quarter: the 12th of the second
//   month after the period, the 17th when that is January or August (SFL 26 kap. 26 § and
//   the exceptions after it; Skatteverket, rättslig vägledning "Mervärdesskattedeklaration").
// - VAT, beskattningsunderlag above 40 MSEK: monthly, the 26th of the month after the period
//   (SFL 26 kap. 30 §); the November period's 26 December is annandag jul and moves on.
// - VAT per beskattningsår (SFL 26 kap. 33, 33 a and 33 b §§, prop. 2013/14:28): the 26th of
//   the second month after the year for a company trading with other EU countries and for
//   handelsbolag and kommanditbolag; otherwise a sole trader files by 12 May and another legal
//   person by the 12th (17th in January and August) of the month its income tax return is
//   due when filed electronically: 12 December, 17 January, 12 April or 17 August for years
//   ending January–April, May–June, July–August or September–December (SFL 3 kap. 5 §
//   groups the year ends; dates as published for electronic filing).
// - Employer declaration (arbetsgivardeklaration), per pay month: the 12th of the month
//   after, the 17th in January and August (SFL 26 kap. 26 §); the 26th when the employer's
//   VAT base is above 40 MSEK (SFL 26 kap. 30 §); an employer without VAT: SFL 26 kap. 32 §.
// - Paying deducted tax and employer contributions: with the declaration; an employer that
//   declares on the 26th still pays by the 12th, the 17th in January (SFL 62 kap. 3 §,
//   Skatteverket, rättslig vägledning "Arbetsgivardeklaration").
// - Debiterad preliminärskatt (F-skatt): equal monthly amounts from the second month of the
//   beskattningsår to the month after it; a natural person always February–January. Due the
//   12th, the 17th in January and August, but the 12th in August when the VAT base is above
//   40 MSEK (SFL 62 kap. 4 §; Skatteverket, rättslig vägledning "F-skatt och SA-skatt").
// - Income tax return: a natural person (enskild firma, Inkomstdeklaration 1 with NE) by
//   2 May; a legal person on paper by 1 November, 15 December, 1 March or 1 July for years
//   ending January–April, May–June, July–August or September–December (SFL 32 kap. 2 §,
//   3 kap. 5 §). Skatteverket grants one more month to a return filed electronically
//   (1 December, 15 January, 1 April, 1 August); this module gives that date, the paper one
//   is in the description. Inkomstdeklaration 2 for aktiebolag and ekonomisk förening, 3 for
//   ideell förening and stiftelse, 4 for handelsbolag and kommanditbolag.
// - Annual report to Bolagsverket: within seven months of the year end, the last day of the
//   seventh month (Årsredovisningslagen (1995:1554) 8 kap.; ABL 7 kap. 10 § and LEF 6 kap. 9 §
//   put the annual meeting within six months). Every aktiebolag; every ekonomisk förening for
//   fiscal years starting 2025-01-01 or later (Bolagsverket / verksamt.se).
// - Periodisk sammanställning (EU sales list): per calendar month, or per quarter where
//   Skatteverket allows it (SFL 35 kap. 3–4 §§); electronically by the 25th of the month after
//   the period, on paper by the 20th (SFL 35 kap.; Skatteverket "Periodisk sammanställning").

import { nextBankingDay } from "./calendar";
import { addDays, addMonths, fiscalYearName, isValidDate } from "./fiscal-year";

export type EntityType =
  | "aktiebolag"
  | "enskild_firma"
  | "handelsbolag"
  | "kommanditbolag"
  | "ekonomisk_forening"
  | "ideell_forening"
  | "stiftelse";

export type MomsPeriod = "monthly" | "quarterly" | "yearly";

export type DeadlineType =
  | "vat_declaration"
  | "employer_declaration"
  | "tax_payment"
  | "f_tax_instalment"
  | "annual_report"
  | "income_tax_return"
  | "eu_sales_list";

/** Above this VAT base (beskattningsunderlag, kronor a year) the 26th rules apply. */
export const LARGE_VAT_BASE_SEK = 40_000_000;

export interface TaxProfile {
  entity_type: EntityType;
  /** Any one fiscal year of the company; the years before and after are taken as twelve months. */
  fiscal_year_start: string;
  fiscal_year_end: string;
  /** null when the company is not registered for VAT. */
  moms_period: MomsPeriod | null;
  /** Estimated VAT base (beskattningsunderlag) for the year, in kronor. */
  annual_turnover_sek: number;
  /** Registered as an employer. */
  has_employees: boolean;
  /** Approved for F-skatt and paying debiterad preliminärskatt. */
  f_skatt: boolean;
  /** Sells goods or services to businesses in other EU countries. */
  eu_trade: boolean;
  /** Reporting period of the EU sales list; monthly unless Skatteverket allowed quarters. */
  eu_sales_list_period?: "monthly" | "quarterly";
  /** Periods that ended before this date (e.g. before registration) give no deadline. */
  active_from?: string;
}

export interface TaxDeadline {
  type: DeadlineType;
  /** "2026-01" (month), "2026-Q1" (quarter) or the fiscal year's name ("2026", "2025/2026"). */
  period: string;
  due_date: string;
  description_sv: string;
  description_en: string;
  source: string;
}

interface FiscalYear {
  start: string;
  end: string;
}

type Draft = Omit<TaxDeadline, "due_date"> & { nominal: string };

// ---------------------------------------------------------------- month arithmetic

/** "YYYY-MM" of a date. */
function monthOf(date: string): string {
  return date.slice(0, 7);
}

function shiftMonth(month: string, n: number): string {
  return monthOf(addMonths(`${month}-01`, n));
}

function dayOf(month: string, day: number): string {
  return `${month}-${String(day).padStart(2, "0")}`;
}

function lastDayOf(month: string): string {
  return addDays(`${shiftMonth(month, 1)}-01`, -1);
}

function monthNumber(month: string): number {
  return Number(month.slice(5, 7));
}

function yearOf(dateOrMonth: string): number {
  return Number(dateOrMonth.slice(0, 4));
}

/** Every month from `first` to `last`, both included. */
function monthsFrom(first: string, last: string): string[] {
  const months: string[] = [];
  for (let m = first; m <= last; m = shiftMonth(m, 1)) months.push(m);
  return months;
}

/** The 12th, or the 17th in January and August: the small-filer day of SFL 26 kap. and 62 kap. */
function twelfthOr17th(month: string): string {
  const n = monthNumber(month);
  return dayOf(month, n === 1 || n === 8 ? 17 : 12);
}

// ---------------------------------------------------------------- the profile

function isNaturalPerson(p: TaxProfile): boolean {
  return p.entity_type === "enskild_firma";
}

function isPartnership(p: TaxProfile): boolean {
  return p.entity_type === "handelsbolag" || p.entity_type === "kommanditbolag";
}

/** A VAT base above 40 MSEK: monthly VAT and the 26th (SFL 26 kap. 30 §). */
function isLargeVatFiler(p: TaxProfile): boolean {
  return p.moms_period !== null && p.annual_turnover_sek > LARGE_VAT_BASE_SEK;
}

function isActive(p: TaxProfile, periodEnd: string): boolean {
  return p.active_from === undefined || periodEnd >= p.active_from;
}

/**
 * The fiscal years whose deadlines may fall between `from` and `to`. A sole trader's year
 * is the calendar year (Bokföringslagen 3 kap. 1 §); another company's years run on from the
 * one in the profile, twelve months each.
 */
function fiscalYears(p: TaxProfile, from: string, to: string): FiscalYear[] {
  const earliestEnd = addMonths(from, -36);
  const given: FiscalYear = isNaturalPerson(p)
    ? { start: `${yearOf(p.fiscal_year_start)}-01-01`, end: `${yearOf(p.fiscal_year_start)}-12-31` }
    : { start: p.fiscal_year_start, end: p.fiscal_year_end };
  const years: FiscalYear[] = [given];
  for (let y = given; y.end >= earliestEnd; ) {
    const end = addDays(y.start, -1);
    y = { start: addMonths(addDays(end, 1), -12), end };
    years.unshift(y);
  }
  for (let y = given; y.start <= to; ) {
    const start = addDays(y.end, 1);
    y = { start, end: addDays(addMonths(start, 12), -1) };
    years.push(y);
  }
  return years.filter((y) => isActive(p, y.end));
}

/** The months whose monthly deadlines may fall between `from` and `to`. */
function candidateMonths(p: TaxProfile, from: string, to: string): string[] {
  return monthsFrom(shiftMonth(monthOf(from), -3), monthOf(to)).filter((m) => isActive(p, lastDayOf(m)));
}

// ---------------------------------------------------------------- income tax return dates

/**
 * A legal person's paper deadline for the income tax return (SFL 32 kap. 2 §), the year end
 * taken to the next of 30 April, 30 June, 31 August and 31 December (SFL 3 kap. 5 §).
 */
function legalPersonPaperReturn(fyEnd: string): string {
  const y = yearOf(fyEnd);
  const m = monthNumber(monthOf(fyEnd));
  if (m <= 4) return `${y}-11-01`;
  if (m <= 6) return `${y}-12-15`;
  if (m <= 8) return `${y + 1}-03-01`;
  return `${y + 1}-07-01`;
}

/** The electronic deadline: one month after the paper one (Skatteverket's published dates). */
function legalPersonElectronicReturn(fyEnd: string): string {
  return addMonths(legalPersonPaperReturn(fyEnd), 1);
}

function returnForm(p: TaxProfile): string {
  switch (p.entity_type) {
    case "enskild_firma":
      return "Inkomstdeklaration 1 (NE)";
    case "aktiebolag":
    case "ekonomisk_forening":
      return "Inkomstdeklaration 2";
    case "ideell_forening":
    case "stiftelse":
      return "Inkomstdeklaration 3";
    case "handelsbolag":
    case "kommanditbolag":
      return "Inkomstdeklaration 4";
  }
}

// ---------------------------------------------------------------- VAT

function vatDeclarations(p: TaxProfile, from: string, to: string): Draft[] {
  if (p.moms_period === null) return [];
  if (isLargeVatFiler(p)) {
    return candidateMonths(p, from, to).map((m) => ({
      type: "vat_declaration",
      period: m,
      nominal: dayOf(shiftMonth(m, 1), 26),
      description_sv: `Momsdeklaration och betalning för ${m} (beskattningsunderlag över 40 mnkr)`,
      description_en: `VAT return and payment for ${m} (VAT base above SEK 40 million)`,
      source: "SFL 26 kap. 30 §; Lag (1930:173) 2 §",
    }));
  }
  if (p.moms_period === "monthly") {
    return candidateMonths(p, from, to).map((m) => ({
      type: "vat_declaration",
      period: m,
      nominal: twelfthOr17th(shiftMonth(m, 2)),
      description_sv: `Momsdeklaration och betalning för ${m}`,
      description_en: `VAT return and payment for ${m}`,
      source: "SFL 26 kap. 26 § (17:e i januari och augusti); Lag (1930:173) 2 §",
    }));
  }
  if (p.moms_period === "quarterly") {
    return candidateMonths(p, from, to)
      .filter((m) => monthNumber(m) % 3 === 0)
      .map((last): Draft => {
        const period = `${yearOf(last)}-Q${monthNumber(last) / 3}`;
        return {
          type: "vat_declaration",
          period,
          nominal: twelfthOr17th(shiftMonth(last, 2)),
          description_sv: `Momsdeklaration och betalning för kvartal ${period}`,
          description_en: `VAT return and payment for quarter ${period}`,
          source: "SFL 26 kap. 26 § (17:e i augusti); Lag (1930:173) 2 §",
        };
      });
  }
  return fiscalYears(p, from, to).map((fy) => yearlyVatDeclaration(p, fy));
}

function yearlyVatDeclaration(p: TaxProfile, fy: FiscalYear): Draft {
  const period = fiscalYearName(fy.start, fy.end);
  const base = {
    type: "vat_declaration" as const,
    period,
    description_sv: `Momsdeklaration och betalning för räkenskapsåret ${period}`,
    description_en: `VAT return and payment for the fiscal year ${period}`,
  };
  if (p.eu_trade || isPartnership(p)) {
    return {
      ...base,
      nominal: dayOf(shiftMonth(monthOf(fy.end), 2), 26),
      source: "SFL 26 kap. 33 § (EU-handel eller handelsbolag); Lag (1930:173) 2 §",
    };
  }
  if (isNaturalPerson(p)) {
    return { ...base, nominal: `${yearOf(fy.end) + 1}-05-12`, source: "SFL 26 kap. 33 a §; Lag (1930:173) 2 §" };
  }
  return {
    ...base,
    nominal: twelfthOr17th(monthOf(legalPersonElectronicReturn(fy.end))),
    source: "SFL 26 kap. 33 b §, 3 kap. 5 § (digital inkomstdeklaration); Lag (1930:173) 2 §",
  };
}

// ---------------------------------------------------------------- employer

function employerDeadlines(p: TaxProfile, from: string, to: string): Draft[] {
  if (!p.has_employees) return [];
  const large = isLargeVatFiler(p);
  return candidateMonths(p, from, to).flatMap((m): Draft[] => {
    const next = shiftMonth(m, 1);
    const declaration: Draft = {
      type: "employer_declaration",
      period: m,
      nominal: large ? dayOf(next, 26) : twelfthOr17th(next),
      description_sv: `Arbetsgivardeklaration för utbetalningsmånaden ${m}`,
      description_en: `Employer declaration (AGI) for pay month ${m}`,
      source: large
        ? "SFL 26 kap. 30 §; Lag (1930:173) 2 §"
        : `SFL 26 kap. ${p.moms_period === null ? "32" : "26"} §; Lag (1930:173) 2 §`,
    };
    const payment: Draft = {
      type: "tax_payment",
      period: m,
      nominal: large ? dayOf(next, monthNumber(next) === 1 ? 17 : 12) : twelfthOr17th(next),
      description_sv: `Betalning av avdragen skatt och arbetsgivaravgifter för ${m}`,
      description_en: `Payment of withheld tax and employer contributions for ${m}`,
      source: "SFL 62 kap. 3 §; Lag (1930:173) 2 §",
    };
    return [declaration, payment];
  });
}

// ---------------------------------------------------------------- F-skatt

/** The months in which a year's debiterad preliminärskatt is paid (SFL 62 kap. 4 §). */
function instalmentMonths(p: TaxProfile, fy: FiscalYear): string[] {
  if (isNaturalPerson(p)) {
    const y = yearOf(fy.end);
    return monthsFrom(`${y}-02`, `${y + 1}-01`);
  }
  return monthsFrom(shiftMonth(monthOf(fy.start), 1), shiftMonth(monthOf(fy.end), 1));
}

function fTaxInstalments(p: TaxProfile, from: string, to: string): Draft[] {
  // A partnership is not taxed on its income; its partners pay their own preliminary tax.
  if (!p.f_skatt || isPartnership(p)) return [];
  const large = isLargeVatFiler(p);
  return fiscalYears(p, from, to).flatMap((fy) => {
    const name = fiscalYearName(fy.start, fy.end);
    return instalmentMonths(p, fy)
      .filter((m) => isActive(p, lastDayOf(m)))
      .map(
        (m): Draft => ({
          type: "f_tax_instalment",
          period: m,
          nominal: large && monthNumber(m) === 8 ? dayOf(m, 12) : twelfthOr17th(m),
          description_sv: `Debiterad preliminärskatt (F-skatt), månadsbetalning ${m} för beskattningsåret ${name}`,
          description_en: `Preliminary tax (F-skatt) instalment ${m} for the tax year ${name}`,
          source: "SFL 62 kap. 4 §; Lag (1930:173) 2 §",
        }),
      );
  });
}

// ---------------------------------------------------------------- annual filings

function incomeTaxReturns(p: TaxProfile, from: string, to: string): Draft[] {
  const form = returnForm(p);
  return fiscalYears(p, from, to).map((fy): Draft => {
    const period = fiscalYearName(fy.start, fy.end);
    if (isNaturalPerson(p)) {
      return {
        type: "income_tax_return",
        period,
        nominal: `${yearOf(fy.end) + 1}-05-02`,
        description_sv: `${form} för inkomståret ${period}`,
        description_en: `Income tax return (${form}) for the income year ${period}`,
        source: "SFL 32 kap. 2 §; Lag (1930:173) 2 §",
      };
    }
    const paper = nextBankingDay(legalPersonPaperReturn(fy.end));
    return {
      type: "income_tax_return",
      period,
      nominal: legalPersonElectronicReturn(fy.end),
      description_sv: `${form} för räkenskapsåret ${period}, lämnad digitalt (på papper senast ${paper})`,
      description_en: `Income tax return (${form}) for the fiscal year ${period}, filed electronically (on paper by ${paper})`,
      source: "SFL 32 kap. 2 §, 3 kap. 5 §; Skatteverket: en månad längre vid digital inlämning; Lag (1930:173) 2 §",
    };
  });
}

function filesAnnualReport(p: TaxProfile, fy: FiscalYear): boolean {
  if (p.entity_type === "aktiebolag") return true;
  return p.entity_type === "ekonomisk_forening" && fy.start >= "2025-01-01";
}

function annualReports(p: TaxProfile, from: string, to: string): Draft[] {
  return fiscalYears(p, from, to)
    .filter((fy) => filesAnnualReport(p, fy))
    .map((fy): Draft => {
      const period = fiscalYearName(fy.start, fy.end);
      return {
        type: "annual_report",
        period,
        nominal: lastDayOf(shiftMonth(monthOf(fy.end), 7)),
        description_sv: `Årsredovisning (med revisionsberättelse) till Bolagsverket för räkenskapsåret ${period}`,
        description_en: `Annual report (with audit report) to Bolagsverket for the fiscal year ${period}`,
        source: "Årsredovisningslagen (1995:1554) 8 kap.; Bolagsverket: sju månader; Lag (1930:173) 2 §",
      };
    });
}

// ---------------------------------------------------------------- EU sales list

function euSalesLists(p: TaxProfile, from: string, to: string): Draft[] {
  if (!p.eu_trade || p.moms_period === null) return [];
  const quarterly = p.eu_sales_list_period === "quarterly";
  return candidateMonths(p, from, to)
    .filter((m) => !quarterly || monthNumber(m) % 3 === 0)
    .map((m): Draft => {
      const period = quarterly ? `${yearOf(m)}-Q${monthNumber(m) / 3}` : m;
      return {
        type: "eu_sales_list",
        period,
        nominal: dayOf(shiftMonth(m, 1), 25),
        description_sv: `Periodisk sammanställning för ${period}, lämnad digitalt (på papper senast den 20:e)`,
        description_en: `EU sales list (periodisk sammanställning) for ${period}, filed electronically (on paper by the 20th)`,
        source: "SFL 35 kap.; Skatteverket: periodisk sammanställning; Lag (1930:173) 2 §",
      };
    });
}

// ---------------------------------------------------------------- the list

const TYPE_ORDER: DeadlineType[] = [
  "vat_declaration",
  "employer_declaration",
  "tax_payment",
  "f_tax_instalment",
  "eu_sales_list",
  "income_tax_return",
  "annual_report",
];

function assertProfile(p: TaxProfile, from: string, to: string): void {
  for (const [name, value] of [
    ["fiscal_year_start", p.fiscal_year_start],
    ["fiscal_year_end", p.fiscal_year_end],
    ["from", from],
    ["to", to],
    ...(p.active_from === undefined ? [] : [["active_from", p.active_from]]),
  ]) {
    if (!isValidDate(value)) throw new RangeError(`${name} must be a date (YYYY-MM-DD): ${value}`);
  }
  if (p.fiscal_year_end < p.fiscal_year_start) throw new RangeError("fiscal_year_end is before fiscal_year_start");
  if (to < from) throw new RangeError("to is before from");
}

/**
 * Every deadline of the company due between `from` and `to` (both included), by due date.
 * Due dates are already moved to the next banking day where Lag (1930:173) 2 § moves them.
 */
export function taxDeadlines(profile: TaxProfile, from: string, to: string): TaxDeadline[] {
  assertProfile(profile, from, to);
  const drafts = [
    ...vatDeclarations(profile, from, to),
    ...employerDeadlines(profile, from, to),
    ...fTaxInstalments(profile, from, to),
    ...euSalesLists(profile, from, to),
    ...incomeTaxReturns(profile, from, to),
    ...annualReports(profile, from, to),
  ];
  return drafts
    .map(({ nominal, ...rest }): TaxDeadline => ({ ...rest, due_date: nextBankingDay(nominal) }))
    .filter((d) => d.due_date >= from && d.due_date <= to)
    .sort(
      (a, b) =>
        a.due_date.localeCompare(b.due_date) ||
        TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type) ||
        a.period.localeCompare(b.period),
    );
}
