// One area of the error catalogue (src/errors/catalogue.ts): the bank rules (issue #43, docs/bank-rules.md).
import { type CatalogueEntry, e } from "./entry";

export const BANK_RULES_ERRORS = {
  BANK_RULE_INVALID_ACCOUNT: e(
    400,
    "Regelns konto finns inte i kontoplanen, är inaktivt eller är ett bankkonto.",
    "The rule's account is not in the chart, is inactive, or is a settlement account.",
    "Name an active account of the chart that is not the bank account itself.",
  ),
  BANK_RULE_PARTY_NOT_FOUND: e(
    400,
    "Kunden eller leverantören som regeln matchar mot finns inte.",
    "The customer or supplier the rule matches against does not exist.",
    "Name a customer (party customer) or supplier (party supplier) of this company.",
  ),
  BANK_RULE_ORDER_MISMATCH: e(
    400,
    "Ordningen måste nämna varje regel exakt en gång.",
    "The order must name every rule exactly once.",
    "GET .../bank-rules lists them; send every id, first first.",
  ),
  BANK_RULE_NO_OPEN_ITEM: e(
    409,
    "Motparten har ingen öppen post med radens belopp.",
    "The counterparty has no open item of the row's amount.",
    "Match the row by hand, or let a booking rule take it.",
  ),
} satisfies Record<string, CatalogueEntry>;
