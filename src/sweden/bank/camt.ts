// ISO 20022 camt.053 (BankToCustomerStatement) and camt.054 (BankToCustomerDebitCreditNotification),
// message versions .001.02 to .001.08 (ISO 20022 message definitions, "Bank-to-Customer Cash
// Management"). Both carry the same entry (ReportEntry): Amt + CdtDbtInd, Sts, BookgDt, ValDt,
// AcctSvcrRef, BkTxCd and NtryDtls/TxDtls; camt.053 adds balances (Bal), camt.054 has none.
//
// Differences across the versions that this reader absorbs:
// - Sts is a bare code up to .001.06 (<Sts>BOOK</Sts>) and a choice from .001.07 (<Sts><Cd>BOOK</Cd></Sts>).
// - RltdPties/Dbtr and Cdtr are a party up to .001.07 and a Party40Choice from .001.08 (Dbtr/Pty/Nm).
// - TxDtls has its own Amt and CdtDbtInd from .001.03; .001.02 only has AmtDtls (TxAmt, InstdAmt...).
// - BookgDt and ValDt are a choice of Dt or DtTm in every version.

import { all, amountAt, at, dateAt, parseXml, textAt, textsAt, type XmlAmount, type XmlNode } from "./camt-xml";
import { malformed } from "./errors";
import { balanceWarning } from "./result";
import type { BankRow, BankStatement, ReferenceType, RejectedRow } from "./types";

export type CamtKind = "camt053" | "camt054";

const NAMESPACE = /urn:iso:std:iso:20022:tech:xsd:camt\.(05[34])\.001\.(\d{2})/;
export const CAMT_VERSIONS = ["02", "03", "04", "05", "06", "07", "08"];

export type CamtSniff = { kind: CamtKind; version: string } | { unsupported: string } | null;

/** Which camt message a text is, from its namespace; null when it is no camt document. */
export function sniffCamt(text: string): CamtSniff {
  const head = text.slice(0, 4096);
  if (!/^\s*</.test(head)) return null;
  const m = NAMESPACE.exec(head);
  if (!m) return null;
  const name = `camt.${m[1]}.001.${m[2]}`;
  if (!CAMT_VERSIONS.includes(m[2])) return { unsupported: name };
  return { kind: m[1] === "053" ? "camt053" : "camt054", version: m[2] };
}

export interface CamtParsed {
  statements: BankStatement[];
  rejected: RejectedRow[];
  warnings: string[];
}

const signed = (amount: number, indicator: string | null) => (indicator === "DBIT" ? -amount : amount);

function entryStatus(entry: XmlNode): string | null {
  return textAt(entry, "Sts", "Cd") ?? textAt(entry, "Sts", "Prtry") ?? textAt(entry, "Sts");
}

function accountId(holder: XmlNode | undefined): string | null {
  return textAt(holder, "Id", "IBAN") ?? textAt(holder, "Id", "Othr", "Id");
}

/** A party's name: .001.08 wraps it in Pty (Party40Choice), earlier versions do not. */
function partyName(parties: XmlNode | undefined, role: string): string | null {
  return textAt(parties, role, "Pty", "Nm") ?? textAt(parties, role, "Nm");
}

function counterparty(tx: XmlNode | undefined, inbound: boolean) {
  const parties = at(tx, "RltdPties");
  const [who, ultimate, account] = inbound ? ["Dbtr", "UltmtDbtr", "DbtrAcct"] : ["Cdtr", "UltmtCdtr", "CdtrAcct"];
  return { name: partyName(parties, who) ?? partyName(parties, ultimate), account: accountId(at(parties, account)) };
}

interface Remittance {
  reference: string | null;
  type: ReferenceType | null;
  ocr: string[];
  message: string | null;
}

// A Swedish OCR number travels as a structured creditor reference (CdtrRefInf, type SCOR or
// untyped) made of digits; an RF creditor reference (ISO 11649) is structured but not an OCR.
function remittance(tx: XmlNode | undefined): Remittance {
  const info = at(tx, "RmtInf");
  const message = textsAt(info, "Ustrd").join(" ") || null;
  const ocr: string[] = [];
  let structured: string | null = null;
  for (const strd of all(info, "Strd")) {
    const ref = textAt(strd, "CdtrRefInf", "Ref");
    const type =
      textAt(strd, "CdtrRefInf", "Tp", "CdOrPrtry", "Cd") ?? textAt(strd, "CdtrRefInf", "Tp", "CdOrPrtry", "Prtry");
    if (ref && /^\d+$/.test(ref) && (type === null || type === "SCOR" || type === "OCR")) ocr.push(ref);
    else structured ??= ref ?? textAt(strd, "RfrdDocInf", "Nb");
  }
  if (ocr.length) return { reference: ocr[0], type: "ocr", ocr, message };
  if (structured) return { reference: structured, type: "structured", ocr, message };
  if (message) return { reference: message, type: "message", ocr, message };
  return { reference: null, type: null, ocr, message };
}

function bankTransactionCode(entry: XmlNode): string | null {
  const domain = at(entry, "BkTxCd", "Domn");
  if (domain)
    return [textAt(domain, "Cd"), textAt(domain, "Fmly", "Cd"), textAt(domain, "Fmly", "SubFmlyCd")]
      .filter(Boolean)
      .join("/");
  return textAt(entry, "BkTxCd", "Prtry", "Cd");
}

/** The first amount among the candidates whose currency is (or is not) the account's. */
function amountIn(candidates: (XmlAmount | null)[], currency: string, same: boolean): XmlAmount | null {
  return candidates.find((a) => a !== null && (a.currency === currency) === same) ?? null;
}

const AMOUNT_PATHS = {
  Amt: ["Amt"],
  TxAmt: ["AmtDtls", "TxAmt", "Amt"],
  InstdAmt: ["AmtDtls", "InstdAmt", "Amt"],
  CntrValAmt: ["AmtDtls", "CntrValAmt", "Amt"],
};

/** The amounts a node states, in the order asked for. */
function amountsAt(
  node: XmlNode | undefined,
  where: string,
  names: (keyof typeof AMOUNT_PATHS)[],
): (XmlAmount | null)[] {
  if (!node) return [];
  return names.map((name) => amountAt(node, `${where}/${AMOUNT_PATHS[name].join("/")}`, false, ...AMOUNT_PATHS[name]));
}

/** A detail's own amount in the account currency: its Amt (.001.03 on), else AmtDtls (.001.02). */
const detailAmount = (tx: XmlNode, where: string, currency: string) =>
  amountIn(amountsAt(tx, where, ["Amt", "TxAmt", "InstdAmt", "CntrValAmt"]), currency, true);

function foreignCounterValue(
  entry: XmlNode,
  tx: XmlNode | undefined,
  currency: string,
  where: string,
): XmlAmount | null {
  // The payer's instructed amount first (AmtDtls/InstdAmt), then the transaction amount with
  // its currency exchange (TxAmt, CcyXchg), then whatever amount the detail states.
  const candidates = [
    ...amountsAt(tx, where, ["InstdAmt", "TxAmt", "CntrValAmt", "Amt"]),
    ...amountsAt(entry, where, ["InstdAmt", "TxAmt"]),
  ];
  return amountIn(candidates, currency, false);
}

interface EntryContext {
  entry: XmlNode;
  where: string;
  currency: string;
  amountOre: number;
  bookingDate: string;
  valueDate: string | null;
}

function rowFrom(
  ctx: EntryContext,
  tx: XmlNode | undefined,
  amountOre: number,
  externalId: string | null,
  record: string,
): BankRow {
  const { entry, currency } = ctx;
  const party = counterparty(tx, amountOre >= 0);
  const rmt = remittance(tx);
  const foreign = foreignCounterValue(entry, tx, currency, record);
  const batch = at(entry, "NtryDtls", "Btch");
  const batchId = textAt(batch, "PmtInfId") ?? textAt(batch, "MsgId");
  const batchText = batch
    ? ["batch", batchId, `of ${textAt(batch, "NbOfTxs") ?? "?"} payments`].filter(Boolean).join(" ")
    : null;
  const code = bankTransactionCode(entry);
  const description =
    textsAt(tx, "AddtlTxInf").join(" ") ||
    textAt(entry, "AddtlNtryInf") ||
    rmt.message ||
    party.name ||
    batchText ||
    code ||
    "";
  const details: Record<string, string> = {};
  const put = (k: string, v: string | null | undefined) => {
    if (v) details[k] = v;
  };
  put("bank_transaction_code", code);
  put("entry_reference", textAt(entry, "NtryRef"));
  put("account_servicer_reference", textAt(entry, "AcctSvcrRef"));
  const e2e = textAt(tx, "Refs", "EndToEndId");
  if (e2e !== "NOTPROVIDED") put("end_to_end_id", e2e);
  put("instruction_id", textAt(tx, "Refs", "InstrId"));
  put("uetr", textAt(tx, "Refs", "UETR"));
  put("batch_message_id", textAt(batch, "MsgId"));
  put("batch_payment_information_id", textAt(batch, "PmtInfId"));
  put("batch_number_of_transactions", textAt(batch, "NbOfTxs"));
  put("reversal", textAt(entry, "RvslInd") === "true" ? "true" : null);
  put(
    "exchange_rate",
    textAt(tx, "AmtDtls", "CntrValAmt", "CcyXchg", "XchgRate") ??
      textAt(tx, "AmtDtls", "TxAmt", "CcyXchg", "XchgRate") ??
      textAt(tx, "AmtDtls", "InstdAmt", "CcyXchg", "XchgRate"),
  );
  return {
    booking_date: ctx.bookingDate,
    value_date: ctx.valueDate,
    transaction_date: null,
    amount_ore: amountOre,
    currency,
    amount_foreign_ore: foreign ? Math.sign(amountOre || 1) * foreign.ore : null,
    currency_foreign: foreign?.currency ?? null,
    description,
    counterparty_name: party.name,
    counterparty_account: party.account,
    reference: rmt.reference,
    reference_type: rmt.type,
    ocr_references: rmt.ocr,
    external_id: externalId,
    balance_after_ore: null,
    source: { line: null, record },
    details,
  };
}

/**
 * One row per transaction detail when an entry batches several (NtryDtls with many TxDtls), each
 * with its own amount in the account currency and its own sign; they must add up to the entry,
 * else the entry stays one row. An entry with one or no TxDtls is one row of the entry amount
 * (the ISO business sample gives its single TxDtls an amount of 0).
 */
function rowsOfEntry(ctx: EntryContext, warnings: string[]): BankRow[] {
  const { entry, where } = ctx;
  const details = all(entry, "NtryDtls").flatMap((d) => all(d, "TxDtls"));
  const entryId = textAt(entry, "AcctSvcrRef") ?? textAt(entry, "NtryRef");
  if (details.length <= 1) {
    const tx = details[0];
    const id = entryId ?? textAt(tx, "Refs", "AcctSvcrRef") ?? textAt(tx, "Refs", "TxId") ?? textAt(tx, "Refs", "UETR");
    return [rowFrom(ctx, tx, ctx.amountOre, id, where)];
  }
  const split = details.map((tx, i) => {
    const record = `${where}/TxDtls[${i + 1}]`;
    const own = detailAmount(tx, record, ctx.currency);
    const indicator = textAt(tx, "CdtDbtInd") ?? textAt(entry, "CdtDbtInd");
    return { tx, record, amountOre: own ? signed(own.ore, indicator) : null };
  });
  const total = split.reduce((sum, s) => sum + (s.amountOre ?? Number.NaN), 0);
  if (total !== ctx.amountOre) {
    warnings.push(
      `${where}: its ${details.length} transaction details do not add up to the entry amount; kept as one row`,
    );
    return [rowFrom(ctx, details[0], ctx.amountOre, entryId, where)];
  }
  return split.map((s, i) => {
    const id =
      textAt(s.tx, "Refs", "AcctSvcrRef") ??
      textAt(s.tx, "Refs", "TxId") ??
      textAt(s.tx, "Refs", "UETR") ??
      (entryId ? `${entryId}/${i + 1}` : null);
    return rowFrom(ctx, s.tx, s.amountOre!, id, s.record);
  });
}

function balance(
  bals: XmlNode[],
  codes: string[],
  where: string,
): { ore: number; date: string | null; currency: string } | null {
  for (const code of codes) {
    const bal = bals.find((b) => textAt(b, "Tp", "CdOrPrtry", "Cd") === code);
    if (!bal) continue;
    const amt = amountAt(bal, `${where}/Bal[${code}]`, true, "Amt")!;
    return { ore: signed(amt.ore, textAt(bal, "CdtDbtInd")), date: dateAt(bal, "Dt"), currency: amt.currency };
  }
  return null;
}

function readReport(
  report: XmlNode,
  where: string,
  fallbackCurrency: string,
  rejected: RejectedRow[],
  warnings: string[],
): BankStatement {
  const acct = at(report, "Acct");
  const bals = all(report, "Bal");
  // Opening: OPBD, or the previous statement's closing (PRCD) where a bank gives only that.
  const opening = balance(bals, ["OPBD", "PRCD"], where);
  const closing = balance(bals, ["CLBD"], where);
  const entries = all(report, "Ntry");
  const firstEntryCurrency = entries.length
    ? amountAt(entries[0], `${where}/Ntry[1]/Amt`, true, "Amt")?.currency
    : undefined;
  const currency =
    textAt(acct, "Ccy") ?? opening?.currency ?? closing?.currency ?? firstEntryCurrency ?? fallbackCurrency;
  const rows: BankRow[] = [];
  entries.forEach((entry, i) => {
    const entryWhere = `${where}/Ntry[${i + 1}]`;
    const status = entryStatus(entry);
    if (status !== "BOOK") {
      rejected.push({
        line: null,
        record: entryWhere,
        reason: `entry status ${status ?? "missing"} is not booked (BOOK)`,
      });
      return;
    }
    const amt = amountAt(entry, `${entryWhere}/Amt`, true, "Amt");
    if (!amt) throw malformed(`${entryWhere}: the entry has no Amt`, { record: entryWhere });
    const bookingDate = dateAt(entry, "BookgDt") ?? dateAt(entry, "ValDt");
    if (!bookingDate)
      throw malformed(`${entryWhere}: the entry has neither a booking nor a value date`, { record: entryWhere });
    const ctx: EntryContext = {
      entry,
      where: entryWhere,
      currency: amt.currency,
      amountOre: signed(amt.ore, textAt(entry, "CdtDbtInd")),
      bookingDate,
      valueDate: dateAt(entry, "ValDt"),
    };
    rows.push(...rowsOfEntry(ctx, warnings));
  });
  const statement: BankStatement = { account: accountId(acct), currency, statement_id: textAt(report, "Id"), rows };
  if (opening) {
    statement.opening_balance_ore = opening.ore;
    if (opening.date) statement.opening_balance_date = opening.date;
  }
  if (closing) {
    statement.closing_balance_ore = closing.ore;
    if (closing.date) statement.closing_balance_date = closing.date;
  }
  const warning = balanceWarning(where, statement);
  if (warning) warnings.push(warning);
  return statement;
}

export function parseCamt(text: string, kind: CamtKind, fallbackCurrency: string): CamtParsed {
  const doc = at(parseXml(text), "Document");
  const [root, reportName] = kind === "camt053" ? ["BkToCstmrStmt", "Stmt"] : ["BkToCstmrDbtCdtNtfctn", "Ntfctn"];
  const message = at(doc, root);
  if (!message) throw malformed(`a ${kind} document must hold Document/${root}`, { expected: `Document/${root}` });
  const rejected: RejectedRow[] = [];
  const warnings: string[] = [];
  const statements = all(message, reportName).map((report, i) =>
    readReport(report, `${reportName}[${i + 1}]`, fallbackCurrency, rejected, warnings),
  );
  return { statements, rejected, warnings };
}
