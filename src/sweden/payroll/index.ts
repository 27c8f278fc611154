// Swedish payroll rules: pure functions, no I/O. The salary-run domain calls them; every function
// that depends on a year's figures returns a tagged "missing" result when the year (or table) is
// not bundled, which the caller turns into 503 SALARY_RUN_TAX_TABLE_MISSING. Money is whole
// kronor for tax (as Skatteverket states it) and öre for contributions; rates are decimal strings.
//
// Exports and their sources:
// - withholdingTax(year, table, column, monthlyTaxableKronor): Skatteverket's monthly tables
//   (allmänna tabeller, månadslön, 2026: tables 29–42, columns 1–6), generated into
//   tax-tables-2026.ts by scripts/gen-tax-tables.mjs; percentage rows above 80 000 kr truncated to
//   whole kronor (skatteförfarandeförordningen 22 kap. 1 §).
// - taxColumnFor(birthDate, incomeKind, year): the column for salary, pension, sickness compensation
//   or other income; age limit 66 at 1 January for 2026 (born 1959 or earlier; SKV 433, prop.
//   2021/22:181).
// - regularWithholding / oneOffWithholding(year, basis, ...): table, side income 30 %, a decided
//   percentage (jämkning), SINK (22.5 % for 2026), F-skatt; one-off amounts by Skatteverket's
//   engångsbelopp tables (SKVFS 2025:21; columns 1 and 2 bundled).
// - employerContributions({ birthDate, payDate, basisOre }), employerContributionRates(payDate),
//   declaredContributions(perEmployee): arbetsgivaravgifter 31.42 % (socialavgiftslagen 2 kap. 26 §,
//   lag om allmän löneavgift), 10.21 % at 67+, 0 % born 1937 or earlier, the youth reduction of
//   SFS 2026:100 (20.81 % on up to 25 000 kr a month, pay from 2026-04-01 to 2027-09-30);
//   Skatteverket's rounding per rate on the declaration (ställningstagande 2017-06-08).
// - specialPayrollTaxOnPensionCost(year, pensionCostOre): särskild löneskatt 24.26 % (lag 1991:687).
// - birthDateFromPersonnummer(pnr12), ageAtStartOfYear(birthDate, year): from the 12-digit
//   personnummer or samordningsnummer validated by src/sweden/identity.ts.
// - absenceEffects({monthlyOre, from, to, days}): sick pay under lag (1991:1047) om sjuklön (80 %,
//   karensavdrag 20 % of a week's sick pay, days 1-14, återinsjuknande within five days), salary
//   deductions per calendar day (monthly × 12 / 365) and per hour (monthly × 12 / (52 × 40)) (absence.ts).
// - agiXml(input), individualFields(employee, period), employerIdentity(orgNumber, soleTrader, year):
//   the arbetsgivardeklaration på individnivå as Skatteverket's XML, schema 1.1 (agi.ts).

export {
  ABSENCE_TYPE_SV,
  ABSENCE_TYPES,
  absenceEffects,
  dayPay,
  hourPay,
  karensavdrag,
  UNPAID_ABSENCE_TYPES,
  type AbsenceDay,
  type AbsenceEffects,
  type AbsenceType,
} from "./absence";
export {
  agiTotals,
  agiXml,
  employerIdentity,
  individualFields,
  type AgiContact,
  type AgiEmployeeMonth,
  type AgiField,
  type AgiInput,
  type AgiTotals,
} from "./agi";
export { AGI_BENEFIT_ELEMENTS, AGI_FIELDS, type AgiElement, type AgiFieldSpec } from "./agi-fields";
export { ageAtStartOfYear, birthDateFromPersonnummer } from "./birth-date";
export {
  declaredContributions,
  employerContributionRates,
  employerContributions,
  type ContributionPart,
  type ContributionRateKind,
  type ContributionRates,
  type DeclaredContributionsByRate,
  type EmployerContributions,
} from "./employer-contributions";
export { monthlyTableYears, withholdingTax, type TableWithholding, type TableWithholdingRule } from "./monthly-tables";
export { oneOffBand, type OneOffBand, type OneOffBandLookup } from "./one-off-tables";
export { parsePercent } from "./percent";
export { specialPayrollTaxOnPensionCost, type SpecialPayrollTax } from "./special-payroll-tax";
export { lastBirthYearWithHigherBasicDeduction, taxColumnFor, type IncomeKind, type TaxColumn } from "./tax-column";
export {
  oneOffWithholding,
  regularPayMonthsInYear,
  regularWithholding,
  type OneOffPayment,
  type Withholding,
  type WithholdingBasis,
  type WithholdingRule,
} from "./withholding";
export { withholdingRates, type WithholdingRates } from "./withholding-rates";
