// Bankgirot BgMax ("Bankgiro Inbetalningar, Teknisk manual", section 3): a file is TK01, then
// one section per deposit (TK05 opening, TK20/TK21 payments and deductions each followed by
// their TK22/23 extra references, TK25 texts, TK26-29 payer data, then TK15 deposit), then
// TK70. Each payment becomes a row dated by its deposit's payment date. The file's own control
// figures are checked: the deposit amount and payment count of each TK15 against its section,
// and the four record counts of TK70 against the file. A file that disagrees is refused whole:
// importing part of a deposit would leave the bank account reconciliation off by the rest.

import {
  bankgiroNumber,
  normaliseRecord,
  PAYMENT_CHANNELS,
  readAddress1,
  readAddress2,
  readDeposit,
  readEnd,
  readExtraReference,
  readInformation,
  readName,
  readOpening,
  readOrgNumber,
  readPayment,
  readStart,
  REFERENCE_CODES,
} from "./bgmax-records";
import { BankFileError, malformed } from "./errors";
import type { BankRow, BankStatement, ReferenceType } from "./types";

export const isBgMax = (text: string) => /^\s*01BGMAX/.test(text);

interface Payment {
  line: number;
  kind: "20" | "21";
  fields: ReturnType<typeof readPayment>;
  extra: { line: number; negative: boolean; fields: ReturnType<typeof readExtraReference> }[];
  texts: string[];
  name: string | null;
  address: string[];
  orgNumber: string | null;
}

interface Section {
  line: number;
  bankgiro: string;
  currency: string;
  payments: Payment[];
}

interface Counts {
  payments: number;
  deductions: number;
  extraReferences: number;
  deposits: number;
}

function totalsError(record: string, line: number, what: string, stated: number, found: number): BankFileError {
  return new BankFileError(
    "BANK_FILE_TOTALS_MISMATCH",
    `line ${line}: ${record} states ${what} ${stated}, but the file holds ${found}`,
    {
      record,
      line,
      field: what,
      stated,
      found,
    },
  );
}

const iso = (yyyymmdd: string) => `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;

function referenceType(code: string, reference: string): ReferenceType | null {
  if (!reference) return null;
  return code === "2" ? "ocr" : "message";
}

function rowOf(p: Payment, section: Section, deposit: ReturnType<typeof readDeposit>, depositLine: number): BankRow {
  const f = p.fields;
  const date = iso(deposit.date);
  const sender = bankgiroNumber(f.senderBankgiro);
  const ocr = [
    ...(f.referenceCode === "2" && f.reference ? [f.reference] : []),
    ...p.extra.filter((x) => x.fields.referenceCode === "2" && x.fields.reference).map((x) => x.fields.reference),
  ];
  const amountOre = p.kind === "21" ? -f.amountOre : f.amountOre;
  const details: Record<string, string> = {
    transaction_code: `TK${p.kind}`,
    bgc_number: f.bgcNumber,
    reference_code: `${f.referenceCode} (${REFERENCE_CODES[f.referenceCode] ?? "unknown"})`,
    payment_channel: `${f.channel} (${PAYMENT_CHANNELS[f.channel] ?? "unknown"})`,
    image_mark: f.imageMark,
    deposit_serial: deposit.serial,
    deposit_bank_account: deposit.bankAccount,
  };
  if (sender) details.sender_bankgiro = sender;
  if (p.kind === "21") details.deduction_code = f.deductionCode;
  if (p.orgNumber) details.org_number = p.orgNumber;
  if (p.address.length) details.address = p.address.join(", ");
  if (p.extra.length)
    details.extra_references = p.extra.map((x) => `${x.negative ? "-" : ""}${x.fields.reference}`).join(" ");
  const head = p.name ?? (sender ? `Bankgiro ${sender}` : "Bankgiro");
  const description = [p.kind === "21" ? `Avdrag ${head}` : head, f.reference, ...p.texts].filter(Boolean).join(" ");
  return {
    booking_date: date,
    value_date: date,
    transaction_date: null,
    amount_ore: amountOre,
    currency: section.currency,
    amount_foreign_ore: null,
    currency_foreign: null,
    description,
    counterparty_name: p.name,
    counterparty_account: sender,
    reference: f.reference || null,
    reference_type: referenceType(f.referenceCode, f.reference),
    ocr_references: ocr,
    // Bankgirot numbers every payment (BGC löpnummer); with the receiving bankgiro and the day
    // it names the payment across files.
    external_id: `${bankgiroNumber(section.bankgiro) ?? section.bankgiro}/${date}/${f.bgcNumber}`,
    balance_after_ore: null,
    source: { line: p.line, record: `TK${p.kind} (deposit at line ${depositLine})` },
    details,
  };
}

function closeSection(section: Section, record: string, line: number): BankStatement {
  const deposit = readDeposit(record, line);
  const sum = section.payments.reduce((s, p) => s + (p.kind === "21" ? -p.fields.amountOre : p.fields.amountOre), 0);
  if (sum !== deposit.amountOre) throw totalsError("TK15", line, "deposit amount (öre)", deposit.amountOre, sum);
  if (section.payments.length !== deposit.paymentCount)
    throw totalsError("TK15", line, "number of payments", deposit.paymentCount, section.payments.length);
  if (deposit.currency && deposit.currency !== section.currency) {
    throw malformed(
      `line ${line}: TK15 currency ${deposit.currency} differs from the section's TK05 currency ${section.currency}`,
      { line, record: "TK15" },
    );
  }
  const bankgiro = bankgiroNumber(section.bankgiro);
  return {
    account: bankgiro,
    currency: section.currency,
    statement_id: `${bankgiro}/${iso(deposit.date)}/${deposit.serial}`,
    rows: section.payments.map((p) => rowOf(p, section, deposit, line)),
  };
}

function checkEnd(record: string, line: number, counted: Counts) {
  const stated = readEnd(record, line);
  const checks: [keyof Counts, string][] = [
    ["payments", "payment records (TK20)"],
    ["deductions", "deduction records (TK21)"],
    ["extraReferences", "extra reference records (TK22/TK23)"],
    ["deposits", "deposit records (TK15)"],
  ];
  for (const [key, what] of checks)
    if (stated[key] !== counted[key]) throw totalsError("TK70", line, what, stated[key], counted[key]);
}

export interface BgMaxParsed {
  statements: BankStatement[];
  warnings: string[];
}

/** What the reader holds between records: the statements and warnings so far, the open section and payment. */
interface ReadState {
  statements: BankStatement[];
  warnings: string[];
  counted: Counts;
  section: Section | null;
  payment: Payment | null;
  started: boolean;
  ended: boolean;
}

/** TK01, the start record: the layout must be BGMAX. */
function readFileStart(state: ReadState, record: string, tk: string, line: number) {
  const start = readStart(record);
  if (tk !== "01" || start.layout !== "BGMAX")
    throw malformed(`line ${line}: a BgMax file starts with TK01 and layout name BGMAX`, {
      line,
      record: `TK${tk}`,
    });
  if (start.test) state.warnings.push("TK01 marks this as a test file (T)");
  state.started = true;
}

/** TK05 opens a section (one deposit), TK70 ends the file: neither inside an open section. */
function readSectionOpening(state: ReadState, record: string, line: number) {
  if (state.section)
    throw malformed(`line ${line}: TK05 opens a section before the previous one is closed by TK15`, {
      line,
      record: "TK05",
    });
  const opening = readOpening(record);
  state.section = { line, bankgiro: opening.bankgiro, currency: opening.currency || "SEK", payments: [] };
  state.payment = null;
}

function readFileEnd(state: ReadState, record: string, line: number) {
  if (state.section)
    throw malformed(`line ${line}: TK70 before the section opened at line ${state.section.line} is closed by TK15`, {
      line,
      record: "TK70",
    });
  checkEnd(record, line, state.counted);
  state.ended = true;
}

/** TK25-TK29: what the bank adds to the payment before them (text, name, address, organisation number). */
function readPaymentDetail(payment: Payment, tk: string, record: string) {
  if (tk === "25") payment.texts.push(readInformation(record));
  else if (tk === "26") payment.name = readName(record) || null;
  else if (tk === "27") {
    const a = readAddress1(record);
    payment.address.push([a.street, a.postalCode].filter(Boolean).join(" "));
  } else if (tk === "28") {
    const a = readAddress2(record);
    payment.address.push([a.town, a.country || a.countryCode].filter(Boolean).join(" "));
  } else payment.orgNumber = readOrgNumber(record) || null;
}

/** A record inside a section: a payment or deduction (TK20/21), its details (TK22-29), the deposit (TK15). */
function readSectionRecord(state: ReadState, open: Section, tk: string, record: string, line: number) {
  const needPayment = (): Payment => {
    if (!state.payment)
      throw malformed(`line ${line}: TK${tk} must follow a TK20 or TK21 record`, { line, record: `TK${tk}` });
    return state.payment;
  };
  switch (tk) {
    case "20":
    case "21":
      state.payment = {
        line,
        kind: tk,
        fields: readPayment(record, line),
        extra: [],
        texts: [],
        name: null,
        address: [],
        orgNumber: null,
      };
      open.payments.push(state.payment);
      if (tk === "20") state.counted.payments++;
      else state.counted.deductions++;
      return;
    case "22":
    case "23":
      needPayment().extra.push({ line, negative: tk === "23", fields: readExtraReference(record, line) });
      state.counted.extraReferences++;
      return;
    case "25":
    case "26":
    case "27":
    case "28":
    case "29":
      readPaymentDetail(needPayment(), tk, record);
      return;
    case "15":
      state.statements.push(closeSection(open, record, line));
      state.counted.deposits++;
      state.section = null;
      state.payment = null;
      return;
    default:
      // The manual asks readers to pass over record types they do not know.
      state.warnings.push(`line ${line}: unknown record TK${tk} skipped`);
  }
}

function readRecord(state: ReadState, raw: string, line: number) {
  if (raw.trim() === "") return;
  if (state.ended) throw malformed(`line ${line}: records after the TK70 end record`, { line });
  const record = normaliseRecord(raw, line);
  const tk = record.slice(0, 2);
  if (!state.started) readFileStart(state, record, tk, line);
  else if (tk === "05") readSectionOpening(state, record, line);
  else if (tk === "70") readFileEnd(state, record, line);
  else if (state.section) readSectionRecord(state, state.section, tk, record, line);
  else throw malformed(`line ${line}: TK${tk} outside a section (TK05 ... TK15)`, { line, record: `TK${tk}` });
}

export function parseBgMax(text: string): BgMaxParsed {
  const state: ReadState = {
    statements: [],
    warnings: [],
    counted: { payments: 0, deductions: 0, extraReferences: 0, deposits: 0 },
    section: null,
    payment: null,
    started: false,
    ended: false,
  };
  for (const [i, raw] of text.split(/\r\n|\n|\r/).entries()) readRecord(state, raw, i + 1);
  if (!state.started) throw malformed("the file holds no BgMax records");
  if (!state.ended)
    throw malformed("the file ends without the TK70 end record: it may be cut short", { record: "TK70" });
  return { statements: state.statements, warnings: state.warnings };
}
