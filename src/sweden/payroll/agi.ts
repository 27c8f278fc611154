// The arbetsgivardeklaration på individnivå (AGI) as Skatteverket's XML file, schema 1.1: pure,
// no I/O. The service gives it the month's figures per employee; this module picks the field
// codes (fältkoder), cuts amounts to whole kronor and builds the file.
//
// Sources:
// - Skatteverket, "Teknisk beskrivning och testtjänst, arbetsgivardeklaration" (schema 1.1), and its
//   example file no. 01 "Vanliga löntagare" v1.1.9 (../shared/data/agi/): root, namespaces, the
//   Avsandare / Blankettgemensamt / Blankett layout and the order of the fields it carries.
// - The element names and field codes (fältkoder): agi-fields.ts, each with the source it rests
//   on (the schema itself and the Fältlista could not be obtained; see there).
// - A meal benefit (kostförmån), a housing benefit and every other taxable benefit than car (and
//   fuel) are declared in 012 SkatteplOvrigaFormanerUlagAG (132 for pay without contributions):
//   the schema has no field of their own (agi-fields.ts, issue #40).
// - Amounts are whole kronor with the öre dropped (skatteförfarandeförordningen 22 kap. 1 §);
//   the HU's contributions are Skatteverket's figure: bases per rate in whole kronor, each rate's
//   contribution with öre dropped (declaredContributions).
// - Pay to someone born 1937 or earlier carries no employer contributions (socialavgiftslagen
//   2 kap. 27 §) and is declared in the "EjUlagSA" fields (131-133). Pay to a holder of F-skatt is
//   not declared in the AGI at all (SFL 26 kap. 19 §: only pay that tax is withheld from or that
//   is a contribution basis); the caller leaves those employees out.
// - SINK tax (särskild inkomstskatt för utomlands bosatta) goes in 274 instead of 001: one tax field
//   per IU (Skatteverket's control SK_001).
import { XMLBuilder } from "fast-xml-parser";
import { AGI_BENEFIT_ELEMENTS, AGI_FIELDS, type AgiElement } from "./agi-fields";

export const AGI_NAMESPACE = "http://xmls.skatteverket.se/se/skatteverket/da/instans/schema/1.1";
export const AGI_COMPONENT_NAMESPACE = "http://xmls.skatteverket.se/se/skatteverket/da/komponent/schema/1.1";
export const AGI_SCHEMA_LOCATION =
  `${AGI_NAMESPACE} ` +
  "http://xmls.skatteverket.se/se/skatteverket/da/arbetsgivardeklaration/arbetsgivardeklaration_1.1.xsd";

export interface AgiContact {
  name: string;
  phone: string;
  email: string;
}

/** One employee's month, in öre, as the salary run produced it. */
export interface AgiEmployeeMonth {
  /** 12 digits: personnummer or samordningsnummer. */
  payeeId: string;
  specificationNumber: number;
  /** false for pay to someone born 1937 or earlier (no employer contributions). */
  contributionLiable: boolean;
  /** SINK: the tax goes to field 274. */
  sink: boolean;
  cashPayOre: number;
  carBenefitOre: number;
  /** Kostförmån: declared with the other benefits in 012/132 (no field of its own). */
  mealBenefitOre: number;
  /** Housing and other taxable benefits (012/132). */
  otherBenefitsOre: number;
  taxOre: number;
  /** Tax-free mileage allowance paid (a box, 050). */
  mileageAllowance: boolean;
  /** Tax-free per diem paid (a box, 051). */
  perDiem: boolean;
}

export interface AgiField {
  code: string;
  element: string;
  value: number | string;
}

export interface AgiInput {
  /** 12 digits: 16 + the organisation number, or the sole trader's personnummer. */
  employerId: string;
  /** YYYYMM */
  period: string;
  programName: string;
  /** YYYY-MM-DDTHH:MM:SS */
  createdAt: string;
  technicalContact: AgiContact;
  contact: AgiContact;
  employees: AgiEmployeeMonth[];
  /** Skatteverket's figure for the month's contributions, whole kronor (field 487). */
  totalContributionsKronor: number;
}

const kronor = (ore: number) => Math.trunc(ore / 100);

/**
 * The 12-digit identity of the employer (fältkod 201): a legal person's organisation number with
 * the prefix 16; a sole trader's personnummer with its century (born within the last 100 years
 * counted from `year`: the century that makes the person 0-99 years old).
 */
export function employerIdentity(orgNumber: string, soleTrader: boolean, year: number): string {
  const digits = orgNumber.replace(/\D/g, "");
  if (digits.length === 12) return digits;
  if (digits.length !== 10)
    throw new RangeError(`organisation number must have 10 digits, got ${JSON.stringify(orgNumber)}`);
  if (!soleTrader) return `16${digits}`;
  const yy = Number(digits.slice(0, 2));
  const century = 2000 + yy <= year ? "20" : "19";
  return `${century}${digits}`;
}

/** An element of agi-fields.ts with its code. */
const field = (element: AgiElement, value: number | string): AgiField => ({
  code: AGI_FIELDS[element].code,
  element,
  value,
});

/** The fields of one individual form (IU) after the identity groups, in the file's order. */
export function individualFields(e: AgiEmployeeMonth, period: string): AgiField[] {
  const f: AgiField[] = [
    field("RedovisningsPeriod", period),
    field("Specifikationsnummer", String(e.specificationNumber).padStart(3, "0")),
  ];
  const amount = (element: AgiElement, ore: number) => {
    const k = kronor(ore);
    if (k !== 0) f.push(field(element, k));
  };
  const otherBenefitsOre = e.otherBenefitsOre + e.mealBenefitOre;
  if (e.contributionLiable) {
    amount("KontantErsattningUlagAG", e.cashPayOre);
    amount("SkatteplOvrigaFormanerUlagAG", otherBenefitsOre);
    amount("SkatteplBilformanUlagAG", e.carBenefitOre);
  } else {
    amount("KontantErsattningEjUlagSA", e.cashPayOre);
    amount("SkatteplOvrigaFormanerEjUlagSA", otherBenefitsOre);
    amount("SkatteplBilformanEjUlagSA", e.carBenefitOre);
  }
  // The tax field is always present (0 when nothing was withheld): Skatteverket's control needs one.
  f.push(field(e.sink ? "AvdrSkattSINK" : "AvdrPrelSkatt", kronor(e.taxOre)));
  if (e.mileageAllowance) f.push(field("Bilersattning", 1));
  if (e.perDiem) f.push(field("Traktamente", 1));
  return f;
}

export interface AgiTotals {
  /** Fields 011 + 131 summed. */
  cashPayKronor: number;
  /** Fields 012, 013, 132, 133 summed. */
  benefitsKronor: number;
  /** Field 497: every tax field (001, 274) summed. */
  taxKronor: number;
  /** Field 487. */
  contributionsKronor: number;
  employeeCount: number;
}

export function agiTotals(input: Pick<AgiInput, "employees" | "period" | "totalContributionsKronor">): AgiTotals {
  let cash = 0;
  let benefits = 0;
  let tax = 0;
  const benefitCodes = AGI_BENEFIT_ELEMENTS.map((el) => AGI_FIELDS[el].code as string);
  for (const e of input.employees) {
    for (const f of individualFields(e, input.period)) {
      if (typeof f.value !== "number") continue;
      if (f.code === "011" || f.code === "131") cash += f.value;
      else if (benefitCodes.includes(f.code)) benefits += f.value;
      else if (f.code === "001" || f.code === "274") tax += f.value;
    }
  }
  return {
    cashPayKronor: cash,
    benefitsKronor: benefits,
    taxKronor: tax,
    contributionsKronor: input.totalContributionsKronor,
    employeeCount: input.employees.length,
  };
}

const el = (f: AgiField) => ({
  [`agd:${f.element}`]: { "@_faltkod": f.code, "#text": String(f.value) },
});
const contactXml = (c: AgiContact) => ({ "agd:Namn": c.name, "agd:Telefon": c.phone, "agd:Epostadress": c.email });

/** The whole file: XML declaration, Avsandare, Blankettgemensamt, the HU, then one IU per employee. */
export function agiXml(input: AgiInput): { xml: string; totals: AgiTotals } {
  if (!/^\d{12}$/.test(input.employerId))
    throw new RangeError(`employer id must be 12 digits, got ${JSON.stringify(input.employerId)}`);
  if (!/^\d{6}$/.test(input.period)) throw new RangeError(`period must be YYYYMM, got ${JSON.stringify(input.period)}`);
  const totals = agiTotals(input);
  const owner = { "agd:Arendeagare": input.employerId, "agd:Period": input.period };
  const hu = {
    "agd:Arendeinformation": owner,
    "agd:Blankettinnehall": {
      "agd:HU": Object.assign(
        { "agd:ArbetsgivareHUGROUP": el(field("AgRegistreradId", input.employerId)) },
        el(field("RedovisningsPeriod", input.period)),
        el(field("SummaArbAvgSlf", totals.contributionsKronor)),
        el(field("SummaSkatteavdr", totals.taxKronor)),
      ),
    },
  };
  const ius = input.employees.map((e) => {
    if (!/^\d{12}$/.test(e.payeeId)) throw new RangeError("payee id must be 12 digits");
    return {
      "agd:Arendeinformation": owner,
      "agd:Blankettinnehall": {
        "agd:IU": Object.assign(
          {
            "agd:ArbetsgivareIUGROUP": el(field("AgRegistreradId", input.employerId)),
            "agd:BetalningsmottagareIUGROUP": {
              "agd:BetalningsmottagareIDChoice": el(field("BetalningsmottagarId", e.payeeId)),
            },
          },
          ...individualFields(e, input.period).map(el),
        ),
      },
    };
  });
  const doc = {
    "?xml": { "@_version": "1.0", "@_encoding": "UTF-8", "@_standalone": "no" },
    Skatteverket: {
      "@_omrade": "Arbetsgivardeklaration",
      "@_xmlns": AGI_NAMESPACE,
      "@_xmlns:agd": AGI_COMPONENT_NAMESPACE,
      "@_xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
      "@_xsi:schemaLocation": AGI_SCHEMA_LOCATION,
      "agd:Avsandare": {
        "agd:Programnamn": input.programName,
        "agd:Organisationsnummer": input.employerId,
        "agd:TekniskKontaktperson": contactXml(input.technicalContact),
        "agd:Skapad": input.createdAt,
      },
      "agd:Blankettgemensamt": {
        "agd:Arbetsgivare": { "agd:AgRegistreradId": input.employerId, "agd:Kontaktperson": contactXml(input.contact) },
      },
      "agd:Blankett": [hu, ...ius],
    },
  };
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    format: true,
    indentBy: "  ",
    suppressEmptyNode: false,
    processEntities: true,
  });
  return { xml: builder.build(doc) as string, totals };
}
