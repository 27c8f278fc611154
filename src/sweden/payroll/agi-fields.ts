// Every element with a fältkod that the AGI writer (agi.ts) emits, with its code and the source it
// rests on. Skatteverket's XML schema for arbetsgivardeklaration 1.1
// (arbetsgivardeklaration_component_1.1.xsd, "Teknisk beskrivning och testtjänst,
// arbetsgivardeklaration", current version 1.1.18.x) and its Fältlista could not be obtained from
// stored public material (../shared/data/agi/SOURCES.md); each field below therefore names what it
// does rest on:
//
// - EXAMPLE: Skatteverket's example file no. 01 "Vanliga löntagare" v1.1.9
//   (../shared/data/agi/skatteverket_Exempelfil_01_Vanliga_lontagare_v1.1.9.xml): a primary
//   source, element name and faltkod as Skatteverket writes them.
// - BINDING: Python classes generated with xsdata from the component schema 1.1 (namespace
//   http://xmls.skatteverket.se/se/skatteverket/da/komponent/schema/1.1) found in stored public
//   code (a `generated/` package; the index does not name its repository). Its IUTYPE lists every
//   element an IU may hold; the element classes carry the schema's fixed faltkod and value range
//   (SkatteplBilformanUlagAG: faltkod 013, 0–9 999 999; RedovisningsPeriod: 006). It has NO
//   element for a meal benefit (no "Kostforman…"): kostförmån is declared in 012/132.
// - PAYROLL: the AGI writer of a production payroll system in stored public code that validates
//   its file against arbetsgivardeklaration_component_1.1.xsd (ValidateAgdXDocument): it writes
//   131 KontantErsattningEjUlagSA, 132 SkatteplOvrigaFormanerEjUlagSA, 274 AvdrSkattSINK, and
//   every benefit other than car and fuel into 012 SkatteplOvrigaFormanerUlagAG.
// - FIELDLIST-TS: a TypeScript zod schema of the IU in stored public code, commented with the
//   field list's codes (FK133 SkatteplBilformanEjUlagSA). 133 rests on it alone (with BINDING
//   for the element name): it is the one code here without a second source.
//
// Issue #40: the writer used to emit a meal benefit as "KostformanUlagAG" faltkod 015 and
// "KostformanEjUlagSA" 139. Neither element exists in the schema (BINDING's IUTYPE); 015 is a
// KU10 code (AntalManBilforman, kontrolluppgifter), not an AGI one. A file with them is refused.

export type AgiFieldSource = "EXAMPLE" | "BINDING" | "PAYROLL" | "FIELDLIST-TS";

export interface AgiFieldSpec {
  code: string;
  /** where the element may stand: the HU, the IU, or the employer group of either */
  in: "HU" | "IU" | "HU+IU" | "GROUP";
  kind: "id" | "period" | "amount" | "check";
  sources: AgiFieldSource[];
}

export const AGI_FIELDS = {
  AgRegistreradId: { code: "201", in: "GROUP", kind: "id", sources: ["EXAMPLE"] },
  RedovisningsPeriod: { code: "006", in: "HU+IU", kind: "period", sources: ["EXAMPLE", "BINDING"] },
  SummaArbAvgSlf: { code: "487", in: "HU", kind: "amount", sources: ["EXAMPLE"] },
  SummaSkatteavdr: { code: "497", in: "HU", kind: "amount", sources: ["EXAMPLE"] },
  BetalningsmottagarId: { code: "215", in: "GROUP", kind: "id", sources: ["EXAMPLE", "PAYROLL"] },
  Specifikationsnummer: { code: "570", in: "IU", kind: "id", sources: ["EXAMPLE", "PAYROLL"] },
  KontantErsattningUlagAG: { code: "011", in: "IU", kind: "amount", sources: ["EXAMPLE", "BINDING", "PAYROLL"] },
  SkatteplOvrigaFormanerUlagAG: { code: "012", in: "IU", kind: "amount", sources: ["BINDING", "PAYROLL"] },
  SkatteplBilformanUlagAG: { code: "013", in: "IU", kind: "amount", sources: ["EXAMPLE", "BINDING", "PAYROLL"] },
  KontantErsattningEjUlagSA: { code: "131", in: "IU", kind: "amount", sources: ["BINDING", "PAYROLL"] },
  SkatteplOvrigaFormanerEjUlagSA: { code: "132", in: "IU", kind: "amount", sources: ["BINDING", "PAYROLL"] },
  SkatteplBilformanEjUlagSA: { code: "133", in: "IU", kind: "amount", sources: ["BINDING", "FIELDLIST-TS"] },
  AvdrPrelSkatt: { code: "001", in: "IU", kind: "amount", sources: ["EXAMPLE", "BINDING", "PAYROLL"] },
  AvdrSkattSINK: { code: "274", in: "IU", kind: "amount", sources: ["BINDING", "PAYROLL"] },
  Bilersattning: { code: "050", in: "IU", kind: "check", sources: ["EXAMPLE", "BINDING", "PAYROLL"] },
  Traktamente: { code: "051", in: "IU", kind: "check", sources: ["EXAMPLE", "BINDING", "PAYROLL"] },
} as const satisfies Record<string, AgiFieldSpec>;

export type AgiElement = keyof typeof AGI_FIELDS;

/** The amount fields that declare a taxable benefit (the AGI's total_benefits). */
export const AGI_BENEFIT_ELEMENTS: readonly AgiElement[] = [
  "SkatteplOvrigaFormanerUlagAG",
  "SkatteplBilformanUlagAG",
  "SkatteplOvrigaFormanerEjUlagSA",
  "SkatteplBilformanEjUlagSA",
];
