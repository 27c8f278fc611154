// The OpenAPI descriptions of the cash-flow statement and the key ratios (routes.ts).
import { prose } from "../../../http/prose";

const RANGE = prose`
  period_id required; from_date and to_date inside the period (default the whole period), refused as
  income-statement refuses them. prior_year: the same report of the previous fiscal year over the
  dates that stand where these stand (ÅRL 3 kap. 5 §), null for a company's first year.
`;

export const PROSE = {
  cashFlow: prose`
    Kassaflödesanalys by the indirect method (BFNAR 2012:1 K3 kapitel 7): the operating activities
    from the result after financial items, adjusted for depreciation, capital gains (moved to
    investing), provisions and appropriations, with tax paid, before and after the change of
    working capital; investing (fixed assets, short-term investments) and financing (equity,
    dividends, loans). cash_flow is reconciled to the change of cash and bank (BAS 19):
    cash_at_start + cash_change = cash_at_end, difference = cash_change - cash_flow (0, reconciled,
    unless a statistical account is unbalanced). ${RANGE}
  `,
  cashFlowPdf: prose`
    The cash-flow statement laid out as K3 kapitel 7 (den löpande verksamheten before and after the
    change of working capital, investeringsverksamheten, finansieringsverksamheten, periodens
    kassaflöde, likvida medel at the start and the end), the previous year's column beside it; a
    running header and page numbers; marked preliminary while the period is open. Same parameters
    and refusals as cash-flow.
  `,
  keyRatiosPdf: prose`
    The key ratios on an A4 page: each ratio in percent this year and the previous year, with its
    formula, numerator and denominator under it, and the result figures they rest on; a running
    header and page numbers; marked preliminary while the period is open. Same parameters and
    refusals as key-ratios.
  `,
  keyRatios: prose`
    The key ratios of a flerårsöversikt and a bank, in percent with one decimal (null where the
    denominator is not above zero), each with its formula, numerator and denominator in kronor:
    soliditet, kassalikviditet, balanslikviditet, rörelsemarginal, vinstmarginal, avkastning på eget
    kapital and på totalt kapital (the averages of the balances before from_date and at to_date);
    adjusted equity is equity plus untaxed reserves less 20.6 % deferred tax (docs/cash-flow-and-ratios.md). ${RANGE}
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  cashFlow: {
    summary: "Cash-flow statement (kassaflödesanalys, indirect method, K3 kapitel 7), reconciled to cash and bank",
    description: PROSE.cashFlow,
  },
  cashFlowPdf: {
    summary: "Cash-flow statement as PDF, beside the previous year",
    description: PROSE.cashFlowPdf,
  },
  keyRatios: {
    summary: "Key ratios (nyckeltal): soliditet, kassalikviditet, rörelsemarginal, avkastning på eget kapital, …",
    description: PROSE.keyRatios,
  },
  keyRatiosPdf: {
    summary: "Key ratios as PDF, beside the previous year, each with its formula",
    description: PROSE.keyRatiosPdf,
  },
};
