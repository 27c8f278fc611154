// The K2 annual report's lines (ÅRL 1995:1554 bilaga 2, the schedules K2, BFNAR 2016:10,
// prescribes: kostnadsslagsindelad resultaträkning, balansräkning) with the BAS account ranges that fill them and the concept of
// Bolagsverket's K2 taxonomy (se-gen-base, 2021-10-31) each is tagged with in the inline
// XBRL. A line's `balance` is the taxonomy's: a "debit" concept (a cost) is reported as a
// positive fact while the statement prints it as a negative amount. See docs/annual-report.md.

export interface K2Line {
  key: string;
  label: string;
  /** the se-gen-base concept (without prefix) */
  concept: string;
  balance: "debit" | "credit";
  /** inclusive BAS ranges */
  ranges: [string, string][];
}

const line = (
  key: string,
  label: string,
  concept: string,
  balance: "debit" | "credit",
  ranges: [string, string][],
): K2Line => ({ key, label, concept, balance, ranges });

/** Resultaträkning, kostnadsslagsindelad (ÅRL bilaga 2, items 1-20 as K2 uses them). */
export const INCOME_LINES = {
  net_sales: line("net_sales", "Nettoomsättning", "Nettoomsattning", "credit", [["3000", "3799"]]),
  other_operating_income: line("other_operating_income", "Övriga rörelseintäkter", "OvrigaRorelseintakter", "credit", [
    ["3800", "3999"],
  ]),
  raw_materials: line("raw_materials", "Råvaror och förnödenheter", "RavarorFornodenheterKostnader", "debit", [
    ["4000", "4999"],
  ]),
  other_external_costs: line("other_external_costs", "Övriga externa kostnader", "OvrigaExternaKostnader", "debit", [
    ["5000", "6999"],
  ]),
  personnel_costs: line("personnel_costs", "Personalkostnader", "Personalkostnader", "debit", [["7000", "7699"]]),
  depreciation: line(
    "depreciation",
    "Av- och nedskrivningar av materiella och immateriella anläggningstillgångar",
    "AvskrivningarNedskrivningarMateriellaImmateriellaAnlaggningstillgangar",
    "debit",
    [["7700", "7899"]],
  ),
  other_operating_costs: line("other_operating_costs", "Övriga rörelsekostnader", "OvrigaRorelsekostnader", "debit", [
    ["7900", "7999"],
  ]),
  // 80-82 (andelar, värdepapper) and BAS's free groups 85-87 are one line here
  financial_assets_result: line(
    "financial_assets_result",
    "Resultat från övriga finansiella anläggningstillgångar",
    "ResultatOvrigaFinansiellaAnlaggningstillgangar",
    "credit",
    [
      ["8000", "8299"],
      ["8500", "8799"],
    ],
  ),
  interest_income: line(
    "interest_income",
    "Övriga ränteintäkter och liknande resultatposter",
    "OvrigaRanteintakterLiknandeResultatposter",
    "credit",
    [["8300", "8399"]],
  ),
  interest_costs: line(
    "interest_costs",
    "Räntekostnader och liknande resultatposter",
    "RantekostnaderLiknandeResultatposter",
    "debit",
    [["8400", "8499"]],
  ),
  periodiseringsfond: line(
    "periodiseringsfond",
    "Förändring av periodiseringsfonder",
    "ForandringPeriodiseringsfond",
    "credit",
    [["8810", "8819"]],
  ),
  overavskrivningar: line(
    "overavskrivningar",
    "Förändring av överavskrivningar",
    "ForandringOveravskrivningar",
    "credit",
    [["8850", "8859"]],
  ),
  other_appropriations: line(
    "other_appropriations",
    "Övriga bokslutsdispositioner",
    "OvrigaBokslutsdispositioner",
    "credit",
    [
      ["8800", "8809"],
      ["8820", "8849"],
      ["8860", "8899"],
    ],
  ),
  tax: line("tax", "Skatt på årets resultat", "SkattAretsResultat", "debit", [["8900", "8989"]]),
} satisfies Record<string, K2Line>;

/** The income statement's subtotals and results, in order, with the lines each sums. */
export const INCOME_STEPS: {
  heading: string | null;
  lines: (keyof typeof INCOME_LINES)[];
  sum: { key: string; label: string; concept: string; balance: "debit" | "credit" } | null;
  result: { key: string; label: string; concept: string } | null;
}[] = [
  {
    heading: "Rörelseintäkter, lagerförändringar m.m.",
    lines: ["net_sales", "other_operating_income"],
    sum: {
      key: "operating_income",
      label: "Summa rörelseintäkter, lagerförändringar m.m.",
      concept: "RorelseintakterLagerforandringarMm",
      balance: "credit",
    },
    result: null,
  },
  {
    heading: "Rörelsekostnader",
    lines: ["raw_materials", "other_external_costs", "personnel_costs", "depreciation", "other_operating_costs"],
    sum: { key: "operating_costs", label: "Summa rörelsekostnader", concept: "Rorelsekostnader", balance: "debit" },
    result: { key: "operating_result", label: "Rörelseresultat", concept: "Rorelseresultat" },
  },
  {
    heading: "Finansiella poster",
    lines: ["financial_assets_result", "interest_income", "interest_costs"],
    sum: { key: "financial_items", label: "Summa finansiella poster", concept: "FinansiellaPoster", balance: "credit" },
    result: {
      key: "result_after_financial_items",
      label: "Resultat efter finansiella poster",
      concept: "ResultatEfterFinansiellaPoster",
    },
  },
  {
    heading: "Bokslutsdispositioner",
    lines: ["periodiseringsfond", "overavskrivningar", "other_appropriations"],
    sum: {
      key: "appropriations",
      label: "Summa bokslutsdispositioner",
      concept: "Bokslutsdispositioner",
      balance: "credit",
    },
    result: { key: "result_before_tax", label: "Resultat före skatt", concept: "ResultatForeSkatt" },
  },
  {
    heading: "Skatter",
    lines: ["tax"],
    sum: null,
    result: { key: "net_result", label: "Årets resultat", concept: "AretsResultat" },
  },
];

/** A balance-sheet line: its accounts (assets debit positive, the other side credit positive). */
export interface BalanceLine {
  key: string;
  label: string;
  concept: string;
  ranges: [string, string][];
}
const bl = (key: string, label: string, concept: string, ranges: [string, string][]): BalanceLine => ({
  key,
  label,
  concept,
  ranges,
});

export interface BalanceGroup {
  heading: string;
  sum: { key: string; label: string; concept: string };
  lines: BalanceLine[];
}

/**
 * Tillgångar (ÅRL bilaga 2: B Anläggningstillgångar, C Omsättningstillgångar). The VAT
 * accounts 2610-2650 are shown net (vat-balance.ts): a net claim on Skatteverket under
 * "Övriga fordringar" (`VAT_RECEIVABLE_LINE`), a net liability under "Övriga skulder"
 * (`VAT_LIABILITY_LINE`).
 */
export const ASSET_GROUPS: { heading: string; sum: BalanceGroup["sum"]; groups: BalanceGroup[] }[] = [
  {
    heading: "Anläggningstillgångar",
    sum: { key: "fixed_assets", label: "Summa anläggningstillgångar", concept: "Anlaggningstillgangar" },
    groups: [
      {
        heading: "Immateriella anläggningstillgångar",
        sum: {
          key: "intangible_assets",
          label: "Summa immateriella anläggningstillgångar",
          concept: "ImmateriellaAnlaggningstillgangar",
        },
        lines: [
          bl(
            "intangible",
            "Koncessioner, patent, licenser, varumärken samt liknande rättigheter",
            "KoncessionerPatentLicenserVarumarkenLiknandeRattigheter",
            [["1000", "1099"]],
          ),
        ],
      },
      {
        heading: "Materiella anläggningstillgångar",
        sum: {
          key: "tangible_assets",
          label: "Summa materiella anläggningstillgångar",
          concept: "MateriellaAnlaggningstillgangar",
        },
        lines: [
          bl("buildings_land", "Byggnader och mark", "ByggnaderMark", [["1100", "1199"]]),
          bl("machinery", "Maskiner och andra tekniska anläggningar", "MaskinerAndraTekniskaAnlaggningar", [
            ["1200", "1219"],
          ]),
          bl("equipment", "Inventarier, verktyg och installationer", "InventarierVerktygInstallationer", [
            ["1220", "1299"],
          ]),
        ],
      },
      {
        heading: "Finansiella anläggningstillgångar",
        sum: {
          key: "financial_fixed_assets",
          label: "Summa finansiella anläggningstillgångar",
          concept: "FinansiellaAnlaggningstillgangar",
        },
        lines: [
          bl("other_securities", "Andra långfristiga värdepappersinnehav", "AndraLangfristigaVardepappersinnehav", [
            ["1300", "1399"],
          ]),
        ],
      },
    ],
  },
  {
    heading: "Omsättningstillgångar",
    sum: { key: "current_assets", label: "Summa omsättningstillgångar", concept: "Omsattningstillgangar" },
    groups: [
      {
        heading: "Varulager m.m.",
        sum: { key: "inventories", label: "Summa varulager", concept: "VarulagerMm" },
        lines: [bl("goods", "Varor och färdiga produkter", "LagerFardigaVarorHandelsvaror", [["1400", "1499"]])],
      },
      {
        heading: "Kortfristiga fordringar",
        sum: { key: "current_receivables", label: "Summa kortfristiga fordringar", concept: "KortfristigaFordringar" },
        lines: [
          bl("trade_receivables", "Kundfordringar", "Kundfordringar", [["1500", "1599"]]),
          bl("other_receivables", "Övriga fordringar", "OvrigaFordringarKortfristiga", [["1600", "1699"]]),
          bl(
            "prepaid_expenses",
            "Förutbetalda kostnader och upplupna intäkter",
            "ForutbetaldaKostnaderUpplupnaIntakter",
            [["1700", "1799"]],
          ),
        ],
      },
      {
        heading: "Kortfristiga placeringar",
        sum: {
          key: "short_term_investments",
          label: "Summa kortfristiga placeringar",
          concept: "KortfristigaPlaceringar",
        },
        lines: [
          bl("other_investments", "Övriga kortfristiga placeringar", "OvrigaKortfristigaPlaceringar", [
            ["1800", "1899"],
          ]),
        ],
      },
      {
        heading: "Kassa och bank",
        sum: { key: "cash_and_bank", label: "Summa kassa och bank", concept: "KassaBank" },
        lines: [bl("cash", "Kassa och bank", "KassaBankExklRedovisningsmedel", [["1900", "1999"]])],
      },
    ],
  },
];
/** The lines the VAT accounts' net goes on: a claim (INK2R 7261), a liability (INK2R 7369). */
export const VAT_RECEIVABLE_LINE = "other_receivables";
export const VAT_LIABILITY_LINE = "other_current";
export const TOTAL_ASSETS = { key: "total_assets", label: "SUMMA TILLGÅNGAR", concept: "Tillgangar" };

/** Eget kapital (aktiebolag, ÅRL bilaga 2 / ABL): bundet and fritt. Other 208x accounts are refused (equityAccountsOutsideK2). */
export const EQUITY_GROUPS: BalanceGroup[] = [
  {
    heading: "Bundet eget kapital",
    sum: { key: "restricted_equity", label: "Summa bundet eget kapital", concept: "BundetEgetKapital" },
    lines: [
      bl("share_capital", "Aktiekapital", "Aktiekapital", [["2081", "2082"]]),
      bl("reserve_fund", "Reservfond", "Reservfond", [["2086", "2086"]]),
    ],
  },
  {
    heading: "Fritt eget kapital",
    sum: { key: "unrestricted_equity", label: "Summa fritt eget kapital", concept: "FrittEgetKapital" },
    lines: [
      bl("retained_earnings", "Balanserat resultat", "BalanseratResultat", [["2090", "2098"]]),
      bl("year_result", "Årets resultat", "AretsResultatEgetKapital", [["2099", "2099"]]),
    ],
  },
];
export const TOTAL_EQUITY = { key: "equity", label: "Summa eget kapital", concept: "EgetKapital" };

/** The equity accounts the K2 lines above hold; any other 208x balance is refused rather than misplaced. */
export const SUPPORTED_EQUITY: [string, string][] = [
  ["2081", "2082"],
  ["2086", "2086"],
  ["2090", "2099"],
];

export const LIABILITY_GROUPS: BalanceGroup[] = [
  {
    heading: "Obeskattade reserver",
    sum: { key: "untaxed_reserves", label: "Summa obeskattade reserver", concept: "ObeskattadeReserver" },
    lines: [
      bl("periodiseringsfonder", "Periodiseringsfonder", "Periodiseringsfonder", [["2110", "2149"]]),
      bl("overavskrivningar", "Ackumulerade överavskrivningar", "AckumuleradeOveravskrivningar", [["2150", "2159"]]),
      bl("other_untaxed", "Övriga obeskattade reserver", "OvrigaObeskattadeReserver", [
        ["2100", "2109"],
        ["2160", "2199"],
      ]),
    ],
  },
  {
    heading: "Avsättningar",
    sum: { key: "provisions", label: "Summa avsättningar", concept: "Avsattningar" },
    lines: [bl("other_provisions", "Övriga avsättningar", "OvrigaAvsattningar", [["2200", "2299"]])],
  },
  {
    heading: "Långfristiga skulder",
    sum: { key: "long_term_liabilities", label: "Summa långfristiga skulder", concept: "LangfristigaSkulder" },
    lines: [
      bl("long_term_credit", "Övriga skulder till kreditinstitut", "OvrigaLangfristigaSkulderKreditinstitut", [
        ["2330", "2359"],
      ]),
      bl("other_long_term", "Övriga långfristiga skulder", "OvrigaLangfristigaSkulder", [
        ["2300", "2329"],
        ["2360", "2399"],
      ]),
    ],
  },
  {
    heading: "Kortfristiga skulder",
    sum: { key: "current_liabilities", label: "Summa kortfristiga skulder", concept: "KortfristigaSkulder" },
    lines: [
      bl("overdraft", "Checkräkningskredit", "CheckrakningskreditKortfristig", [["2480", "2489"]]),
      bl("credit_institutions", "Övriga skulder till kreditinstitut", "OvrigaKortfristigaSkulderKreditinstitut", [
        ["2410", "2419"],
      ]),
      bl("customer_advances", "Förskott från kunder", "ForskottFranKunder", [["2420", "2429"]]),
      bl("trade_payables", "Leverantörsskulder", "Leverantorsskulder", [["2440", "2449"]]),
      bl("tax_liabilities", "Skatteskulder", "Skatteskulder", [["2500", "2599"]]),
      bl("other_current", "Övriga skulder", "OvrigaKortfristigaSkulder", [["2400", "2899"]]),
      bl("accrued_expenses", "Upplupna kostnader och förutbetalda intäkter", "UpplupnaKostnaderForutbetaldaIntakter", [
        ["2900", "2999"],
      ]),
    ],
  },
];
export const TOTAL_EQUITY_LIABILITIES = {
  key: "total_equity_liabilities",
  label: "SUMMA EGET KAPITAL OCH SKULDER",
  concept: "EgetKapitalSkulder",
};

/** The share of untaxed reserves counted as equity in soliditet: 1 - the corporate tax rate 20.6 % (IL 65 kap 10 §). */
export const UNTAXED_EQUITY_SHARE = "0.794";

export const inRanges = (account: string, ranges: [string, string][]) =>
  ranges.some(([a, b]) => account >= a && account <= b);

/** The first line whose ranges hold the account (lines are ordered so a named line precedes a catch-all). */
export function lineOf<T extends { ranges: [string, string][] }>(lines: T[], account: string): T | undefined {
  return lines.find((l) => inRanges(account, l.ranges));
}

/**
 * The fixed-asset notes' classes (ÅRL 5 kap 8 §: each item of anläggningstillgångar with
 * its anskaffningsvärden, additions, disposals and depreciations): the balance-sheet line of the asset account, with the concept prefix of
 * its note facts (…Anskaffningsvarden, …ForandringAnskaffningsvardenInkop, …Avskrivningar,
 * …ForandringAvskrivningarAretsAvskrivningar and the sales/disposals).
 */
export const ASSET_NOTE_CLASSES = [
  {
    key: "intangible",
    label: "Koncessioner, patent, licenser, varumärken samt liknande rättigheter",
    prefix: "KoncessionerPatentLicenserVarumarkenLiknandeRattigheter",
    ranges: [["1000", "1099"]] as [string, string][],
  },
  {
    key: "buildings_land",
    label: "Byggnader och mark",
    prefix: "ByggnaderMark",
    ranges: [["1100", "1199"]] as [string, string][],
  },
  {
    key: "machinery",
    label: "Maskiner och andra tekniska anläggningar",
    prefix: "MaskinerAndraTekniskaAnlaggningar",
    ranges: [["1200", "1219"]] as [string, string][],
  },
  {
    key: "equipment",
    label: "Inventarier, verktyg och installationer",
    prefix: "InventarierVerktygInstallationer",
    ranges: [["1220", "1299"]] as [string, string][],
  },
];
