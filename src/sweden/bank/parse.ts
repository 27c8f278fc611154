// One entry point for every format: decode, detect (unless the caller named the format), read,
// and finish the result the same way.

import { parseBgMax, isBgMax } from "./bgmax";
import { checkBankFileBounds } from "./bounds";
import { parseCamt, sniffCamt, type CamtKind } from "./camt";
import { findHeaderRow, readTable, runLayout } from "./csv/engine";
import { parseGenericCsv } from "./csv/generic";
import { layoutOf } from "./csv/layouts";
import { decodeBankBytes, type DecodedText } from "./decode";
import { detectBankFormat } from "./detect";
import { mismatch } from "./errors";
import { buildResult } from "./result";
import type { BankParseOptions, BankParseResult, CsvLayoutFormat } from "./types";

function readCamt(text: string, kind: CamtKind, currency: string) {
  const sniff = sniffCamt(text);
  if (!sniff || !("kind" in sniff) || sniff.kind !== kind)
    throw mismatch(kind, `an ISO 20022 ${kind === "camt053" ? "camt.053" : "camt.054"} document, .001.02 to .001.08`);
  return parseCamt(text, kind, currency);
}

function readLayout(text: string, format: CsvLayoutFormat, currency: string | null) {
  const layout = layoutOf(format);
  const table = readTable(text);
  const headerIndex = findHeaderRow(table, layout.headers);
  if (headerIndex === null) throw mismatch(format, `a CSV header row with ${layout.headers[0].join(", ")}`);
  return runLayout(table, layout, headerIndex, currency);
}

/** Reads a decoded bank file; see parseBankFile for bytes. */
export function parseBankText(decoded: DecodedText, options: BankParseOptions = {}): BankParseResult {
  const { text, encoding } = decoded;
  const format = options.format ?? detectBankFormat(text);
  const currency = options.currency?.toUpperCase() ?? null;
  checkBankFileBounds(text, format);
  let parsed: { statements: BankParseResult["statements"]; rejected?: BankParseResult["rejected"]; warnings: string[] };
  switch (format) {
    case "camt053":
    case "camt054":
      parsed = readCamt(text, format, currency ?? "SEK");
      break;
    case "bgmax":
      if (!isBgMax(text)) throw mismatch(format, "a BgMax file starting with record 01BGMAX");
      parsed = parseBgMax(text);
      break;
    case "generic_csv":
      parsed = parseGenericCsv(readTable(text), options.mapping, currency);
      break;
    default:
      parsed = readLayout(text, format, currency);
  }
  return buildResult(format, encoding, parsed.statements, parsed.rejected ?? [], parsed.warnings);
}

/** Decodes (UTF-8, UTF-16, Windows-1252) and reads a bank file's bytes. */
export function parseBankFile(bytes: Uint8Array | ArrayBuffer, options: BankParseOptions = {}): BankParseResult {
  return parseBankText(decodeBankBytes(bytes), options);
}
