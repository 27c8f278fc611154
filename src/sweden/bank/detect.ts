// Which format a bank file is, from its content alone: the XML namespace of a camt document,
// BgMax's TK01 start record, or a CSV header row. A file that matches nothing is refused with
// the list of what was looked for, so the caller can say which format to name.

import { sniffCamt, CAMT_VERSIONS } from "./camt";
import { isBgMax } from "./bgmax";
import { findHeaderRow, readTable, type CsvTable } from "./csv/engine";
import { findGenericHeader } from "./csv/generic";
import { CSV_LAYOUTS } from "./csv/layouts";
import { BankFileError } from "./errors";
import type { BankFormat, CsvLayoutFormat } from "./types";

export function detectCsvLayout(table: CsvTable): { format: CsvLayoutFormat; headerIndex: number } | null {
  for (const [format, layout] of CSV_LAYOUTS) {
    const headerIndex = findHeaderRow(table, layout.detectBy ?? layout.headers);
    if (headerIndex !== null) return { format, headerIndex };
  }
  return null;
}

export function lookedFor(): string[] {
  return [
    "an ISO 20022 camt.053 or camt.054 document (namespace urn:iso:std:iso:20022:tech:xsd:camt.053.001.NN " +
      `or camt.054.001.NN, NN ${CAMT_VERSIONS[0]}-${CAMT_VERSIONS[CAMT_VERSIONS.length - 1]})`,
    "a Bankgirot BgMax file (first record 01BGMAX)",
    ...CSV_LAYOUTS.map(
      ([format, layout]) => `${format}: a CSV header row with ${(layout.detectBy ?? layout.headers)[0].join(", ")}`,
    ),
    "generic_csv: a CSV header row with a date column (Datum, Bokföringsdag, Date...) and an amount column (Belopp, Amount...)",
  ];
}

export function detectBankFormat(text: string): BankFormat {
  const camt = sniffCamt(text);
  if (camt && "kind" in camt) return camt.kind;
  if (camt) {
    throw new BankFileError(
      "BANK_FILE_UNRECOGNISED",
      `${camt.unsupported} is not a supported message version (camt.053 and camt.054 ` +
        `.001.${CAMT_VERSIONS[0]} to .001.${CAMT_VERSIONS[CAMT_VERSIONS.length - 1]} are)`,
      {
        found: camt.unsupported,
        looked_for: lookedFor(),
      },
    );
  }
  if (isBgMax(text)) return "bgmax";
  if (!/^\s*</.test(text)) {
    // The header sits within the first lines; reading 64 KiB of a 10 MB file is enough to find it.
    const table = readTable(text.slice(0, 65_536));
    const layout = detectCsvLayout(table);
    if (layout) return layout.format;
    if (findGenericHeader(table)) return "generic_csv";
  }
  throw new BankFileError(
    "BANK_FILE_UNRECOGNISED",
    `not a recognised bank file; looked for: ${lookedFor().join("; ")}`,
    { looked_for: lookedFor() },
  );
}
