// Record layouts of a BgMax file (Bankgirot, "Bankgiro Inbetalningar, Teknisk manual", section
// 3: BgMax-filens poster). Every record is 80 characters; the first two are the transaction
// code (TK). Positions below are the manual's, 1-based and inclusive.

import { malformed } from "./errors";

export const RECORD_LENGTH = 80;

/**
 * A record as the manual defines it: tabs expanded to 8-column stops and padded to 80. The
 * published example file "avtal om OCR-kontroll checksiffra/längd" has two TABs in place of
 * spaces on line 17 (a TK22); expanding them puts every field back at its manual position.
 */
export function normaliseRecord(raw: string, line: number): string {
  let out = "";
  for (const ch of raw.replace(/\s+$/, "")) out += ch === "\t" ? " ".repeat(8 - (out.length % 8)) : ch;
  if (out.length > RECORD_LENGTH)
    throw malformed(`line ${line}: a BgMax record is ${RECORD_LENGTH} characters, this one is ${out.length}`, { line });
  return out.padEnd(RECORD_LENGTH, " ");
}

const field = (record: string, from: number, to: number) => record.slice(from - 1, to);
const trimmed = (record: string, from: number, to: number) => field(record, from, to).trim();

function digits(record: string, from: number, to: number, line: number, what: string): string {
  const value = field(record, from, to);
  if (!/^\d+$/.test(value))
    throw malformed(
      `line ${line}: TK${record.slice(0, 2)} ${what} (positions ${from}-${to}) must be digits, found "${value}"`,
      { line, record: `TK${record.slice(0, 2)}` },
    );
  return value;
}

function amount(record: string, from: number, to: number, line: number): number {
  const ore = Number(digits(record, from, to, line, "amount"));
  if (!Number.isSafeInteger(ore))
    throw malformed(`line ${line}: TK${record.slice(0, 2)} amount is too large`, {
      line,
      record: `TK${record.slice(0, 2)}`,
    });
  return ore;
}
const count = (record: string, from: number, to: number, line: number, what: string) =>
  Number(digits(record, from, to, line, what));

/** Leading zeros dropped; "0000000000" (no bankgiro) becomes null. */
export function bankgiroNumber(raw: string): string | null {
  const n = raw.trim().replace(/^0+/, "");
  if (!n) return null;
  return n.length >= 7 ? `${n.slice(0, -4)}-${n.slice(-4)}` : n;
}

/** TK01 Startpost: 3-22 layout name "BGMAX", 23-24 version, 25-44 timestamp, 45 test mark (T/P). */
export function readStart(record: string) {
  return {
    layout: trimmed(record, 3, 22),
    version: field(record, 23, 24),
    written: field(record, 25, 44),
    test: field(record, 45, 45) === "T",
  };
}

/** TK05 Öppningspost: 3-12 receiving bankgiro, 13-22 plusgiro (blank), 23-25 currency. */
export function readOpening(record: string) {
  return { bankgiro: field(record, 3, 12), currency: trimmed(record, 23, 25) };
}

/**
 * TK20 Betalningspost and TK21 Avdragspost: 3-12 sender bankgiro, 13-37 reference, 38-55 amount
 * in öre, 56 reference code, 57 payment channel, 58-69 BGC serial number, 70 image mark; TK21
 * adds 71 deduction code.
 */
export function readPayment(record: string, line: number) {
  return {
    senderBankgiro: field(record, 3, 12),
    reference: trimmed(record, 13, 37),
    amountOre: amount(record, 38, 55, line),
    referenceCode: field(record, 56, 56),
    channel: field(record, 57, 57),
    bgcNumber: field(record, 58, 69),
    imageMark: field(record, 70, 70),
    deductionCode: field(record, 71, 71).trim(),
  };
}

/** TK22 (positive) and TK23 (negative) Extra referensnummerpost: as TK20 from 3 to 70. */
export const readExtraReference = readPayment;

/** TK25 Informationspost: 3-52 information text. */
export const readInformation = (record: string) => trimmed(record, 3, 52);

/** TK26 Namnpost: 3-37 name, 38-72 extra name. */
export const readName = (record: string) => [trimmed(record, 3, 37), trimmed(record, 38, 72)].filter(Boolean).join(" ");

/** TK27 Adresspost 1: 3-37 address, 38-46 postal code. TK28 Adresspost 2: 3-37 town, 38-72 country, 73-74 country code. */
export const readAddress1 = (record: string) => ({
  street: trimmed(record, 3, 37),
  postalCode: trimmed(record, 38, 46),
});
export const readAddress2 = (record: string) => ({
  town: trimmed(record, 3, 37),
  country: trimmed(record, 38, 72),
  countryCode: trimmed(record, 73, 74),
});

/** TK29 Organisationsnummerpost: 3-14 the payer's organisation or personal number. */
export const readOrgNumber = (record: string) => trimmed(record, 3, 14);

/**
 * TK15 Insättningspost: 3-37 receiving bank account, 38-45 payment date, 46-50 deposit serial,
 * 51-68 deposit amount in öre, 69-71 currency, 72-79 number of payments, 80 deposit type.
 */
export function readDeposit(record: string, line: number) {
  return {
    bankAccount: trimmed(record, 3, 37).replace(/^0+/, ""),
    date: digits(record, 38, 45, line, "payment date"),
    serial: field(record, 46, 50),
    amountOre: amount(record, 51, 68, line),
    currency: trimmed(record, 69, 71),
    paymentCount: count(record, 72, 79, line, "number of payments"),
    type: trimmed(record, 80, 80),
  };
}

/** TK70 Slutpost: 3-10 payment records, 11-18 deduction records, 19-26 extra reference records, 27-34 deposit records. */
export function readEnd(record: string, line: number) {
  return {
    payments: count(record, 3, 10, line, "number of payment records"),
    deductions: count(record, 11, 18, line, "number of deduction records"),
    extraReferences: count(record, 19, 26, line, "number of extra reference records"),
    deposits: count(record, 27, 34, line, "number of deposit records"),
  };
}

/** Reference codes of TK20-TK23 (position 56). Only 2 is an OCR number the payer's bank checked. */
export const REFERENCE_CODES: Record<string, string> = {
  "0": "no reference",
  "1": "no reference",
  "2": "OCR reference",
  "3": "one or more references (TK22/TK23)",
  "4": "reference",
  "5": "incorrect reference",
};

/** Payment channel codes (position 57). */
export const PAYMENT_CHANNELS: Record<string, string> = {
  "1": "electronic payment from bank",
  "2": "electronic payment via Bankgirot (Leverantörsbetalningar)",
  "3": "payment form",
  "4": "Autogiro",
};
