// The cash-flow statement (kassaflödesanalys) by the indirect method, as BFNAR 2012:1 (K3)
// kapitel 7 lays it out: the operating activities from the result after financial items,
// adjusted for items that are not cash flows (7.5 punkt 2: depreciation, provisions, capital
// gains and losses, which belong to investing), tax paid, then the change of working capital
// (inventories, operating receivables, operating liabilities); the investing activities
// (7.14: fixed assets and short-term investments bought and sold); the financing activities
// (7.15: equity raised and dividends paid, loans taken and repaid). Cash (likvida medel) is
// BAS group 19 (kassa och bank).
//
// Every line is minus the movement (debit less credit) of a set of BAS accounts over the
// range; the sets cover every non-statistical account but cash once, and the two transfers
// (depreciation, capital gains) are added in one place and taken out in another, so the
// lines add up to the change of cash exactly: `difference` is 0 unless the books hold an
// unbalanced statistical account. Pure: movements in, öre out.

export interface AccountMovement {
  account: string;
  debitOre: number;
  creditOre: number;
}

type Ranges = readonly (readonly [string, string])[];

export interface CashFlowLine {
  key: string;
  name: string;
  ore: number;
}

const inRanges = (account: string, ranges: Ranges) => ranges.some(([a, b]) => account >= a && account <= b);

// The account sets (BAS 2026). Tax liabilities (25xx) go with the tax paid, short-term bank
// loans (2410-2419) and the dividend owed (2898) with financing, so they are taken out of the
// operating liabilities.
const RESULT_AFTER_FINANCIAL: Ranges = [["3000", "8799"]];
const DEPRECIATION: Ranges = [["7700", "7899"]];
const CAPITAL_GAINS: Ranges = [
  ["3970", "3979"],
  ["7970", "7979"],
];
const PROVISIONS: Ranges = [["2200", "2299"]];
const APPROPRIATIONS: Ranges = [
  ["2100", "2199"],
  ["8800", "8899"],
];
const TAX: Ranges = [
  ["2500", "2599"],
  ["8900", "8989"],
];
const INVENTORIES: Ranges = [["1400", "1499"]];
const RECEIVABLES: Ranges = [["1500", "1799"]];
const FINANCING_LIABILITIES: Ranges = [
  ["2300", "2399"],
  ["2410", "2419"],
  ["2898", "2898"],
];
const LIABILITIES: Ranges = [["2400", "2999"]];
const FIXED_ASSETS: Ranges = [["1000", "1399"]];
const SHORT_TERM_INVESTMENTS: Ranges = [["1800", "1899"]];
const EQUITY: Ranges = [
  ["2000", "2099"],
  ["8990", "8999"],
];
export const CASH: Ranges = [["1900", "1999"]];

/** Minus the movement of the accounts in `ranges` (and not in `except`): what they added to cash. */
function inflow(moves: readonly AccountMovement[], ranges: Ranges, except: Ranges = []): number {
  let ore = 0;
  for (const m of moves)
    if (inRanges(m.account, ranges) && !inRanges(m.account, except)) ore -= m.debitOre - m.creditOre;
  return ore;
}

const sum = (lines: readonly CashFlowLine[]) => lines.reduce((s, l) => s + l.ore, 0);

/** The cash-flow statement of the movements of a range (the opening entry left out), and cash at its start. */
export function cashFlowStatement(moves: readonly AccountMovement[], cashAtStartOre: number) {
  const depreciation = 0 - inflow(moves, DEPRECIATION);
  const gains = 0 - inflow(moves, CAPITAL_GAINS);
  const beforeWorkingCapital: CashFlowLine[] = [
    {
      key: "result_after_financial_items",
      name: "Resultat efter finansiella poster",
      ore: inflow(moves, RESULT_AFTER_FINANCIAL),
    },
    { key: "depreciation", name: "Av- och nedskrivningar", ore: depreciation },
    { key: "capital_gains", name: "Realisationsresultat", ore: gains },
    { key: "provisions", name: "Förändring av avsättningar", ore: inflow(moves, PROVISIONS) },
    { key: "appropriations", name: "Bokslutsdispositioner", ore: inflow(moves, APPROPRIATIONS) },
    { key: "tax_paid", name: "Betald skatt", ore: inflow(moves, TAX) },
  ];
  const workingCapital: CashFlowLine[] = [
    { key: "inventories", name: "Förändring av varulager", ore: inflow(moves, INVENTORIES) },
    { key: "receivables", name: "Förändring av rörelsefordringar", ore: inflow(moves, RECEIVABLES) },
    {
      key: "liabilities",
      name: "Förändring av rörelseskulder",
      ore: inflow(moves, LIABILITIES, [...TAX, ...FINANCING_LIABILITIES]),
    },
  ];
  const investing: CashFlowLine[] = [
    {
      key: "fixed_assets",
      name: "Investeringar i och avyttringar av anläggningstillgångar",
      ore: inflow(moves, FIXED_ASSETS) - depreciation - gains,
    },
    {
      key: "short_term_investments",
      name: "Förändring av kortfristiga placeringar",
      ore: inflow(moves, SHORT_TERM_INVESTMENTS),
    },
  ];
  const financing: CashFlowLine[] = [
    { key: "equity", name: "Nyemission, utdelning och andra ägartransaktioner", ore: inflow(moves, EQUITY) },
    { key: "borrowings", name: "Upptagna och amorterade lån", ore: inflow(moves, FINANCING_LIABILITIES) },
  ];
  const operatingOre = sum(beforeWorkingCapital) + sum(workingCapital);
  const cashFlowOre = operatingOre + sum(investing) + sum(financing);
  const cashChangeOre = 0 - inflow(moves, CASH);
  return {
    operating: {
      lines: beforeWorkingCapital,
      before_working_capital: sum(beforeWorkingCapital),
      working_capital: workingCapital,
      total: operatingOre,
    },
    investing: { lines: investing, total: sum(investing) },
    financing: { lines: financing, total: sum(financing) },
    cashFlowOre,
    cashAtStartOre,
    cashAtEndOre: cashAtStartOre + cashChangeOre,
    cashChangeOre,
    differenceOre: cashChangeOre - cashFlowOre,
  };
}

/** Cash (19xx) in a list of balances. */
export const cashIn = (moves: readonly AccountMovement[]) => 0 - inflow(moves, CASH);
