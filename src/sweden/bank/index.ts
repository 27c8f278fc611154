// Bank statement files into normalised transaction rows: pure functions, no I/O. The
// bank-import domain (spec, Imports: POST .../imports/bank) decodes nothing itself: it hands the
// uploaded bytes to parseBankFile, stores the rows, and skips duplicates by dedupeKey.
//
// Exports
//   parseBankFile(bytes, options?)      bytes -> BankParseResult (decode, detect, read, check)
//   parseBankText(decoded, options?)    the same for text already decoded
//   detectBankFormat(text)              which BankFormat a text is; BankFileError when none
//   decodeBankBytes(bytes)              UTF-8 (BOM or not), UTF-16 LE/BE (BOM or NUL pattern),
//                                       else Windows-1252 (covers ISO-8859-1)
//   normaliseDescription, dedupeKey     what the caller hashes to de-duplicate rows
//   planCsvSplit, readCsvRange,         a large CSV file read in byte ranges, each range its own
//   combineCsvRanges                    step, then the whole-file decisions on their facts
//                                       (csv/ranges.ts)
//   checkBankFileBounds(text, format)   the file's limits (src/formats/limits.ts), before reading it
//   BankFileError                       code + message + details, for the caller's catalogue
//   BANK_FORMATS and the types          BankRow, BankStatement, BankParseResult, ...
//
// Formats and their sources
//   camt053, camt054  ISO 20022 camt.053 / camt.054 message definitions, .001.02 to .001.08
//                     (camt.ts); tested against the ISO business sample camt.053.001.04
//   bgmax             Bankgirot, "Bankgiro Inbetalningar, Teknisk manual" (bgmax-records.ts);
//                     tested against Bankgirot's example file (OCR check digit and length)
//   generic_csv       any CSV with a date and an amount column (csv/generic.ts)
//   swedbank, sparbanken, seb, handelsbanken, nordea, nordea_business   the Swedish banks'
//                     internet-bank exports (layouts from shared/data/bank/SOURCES.md)
//   amex              the card bank: American Express Sweden's activity CSV
//   lunar             the digital bank: provisional, no public sample found (csv/layouts/lunar.ts)
//   revolut           the neobank: Revolut Business and personal statement CSVs
//   skandia           the mortgage bank: Skandia's Kontoutdrag sheet saved as CSV
//   wise, wise_balance  the multi-currency payment institution: transaction history and
//                     balance statement
//   Each module in csv/layouts names what its layout is based on.

export { checkBankFileBounds } from "./bounds";
export { decodeBankBytes, detectTextEncoding, type DecodedText } from "./decode";
export { dedupeKey, normaliseDescription, type DedupeKey } from "./dedupe";
export { detectBankFormat } from "./detect";
export { BankFileError, type BankFileErrorCode } from "./errors";
export { parseBankFile, parseBankText } from "./parse";
export { makeExternalIdsUnique } from "./result";
export {
  combineCsvRanges,
  decodeRange,
  planCsvSplit,
  readCsvRange,
  type CsvCombined,
  type CsvHead,
  type CsvRangeFacts,
  type CsvSplit,
} from "./csv/ranges";
export {
  BANK_FORMATS,
  type BankFormat,
  type BankParseOptions,
  type BankParseResult,
  type BankRow,
  type BankStatement,
  type CsvColumnMapping,
  type ReferenceType,
  type RejectedRow,
  type TextEncoding,
} from "./types";
