// generic_csv: any delimited export with a date and an amount column, read through a column
// mapping the caller gives (header names or 0-based indices) or one detected from the header
// row by the Swedish and English names banks use. Dates day first, decimal comma unless the
// column shows a point.

import { parseBankDate } from "../dates";
import { BankFileError } from "../errors";
import type { CsvColumnMapping } from "../types";
import { requireAmount, requireDate, runLayout, type CsvParsed, type CsvTable } from "./engine";
import { normaliseHeader, type CsvLayout } from "./layout";

type Field = keyof CsvColumnMapping;

// Header names per field, most specific first; matched whole, case and spacing ignored.
const SYNONYMS: Record<Field, string[]> = {
  date: [
    "bokföringsdag",
    "bokföringsdatum",
    "bokf. datum",
    "bokfört",
    "bokfdag",
    "reskontradatum",
    "transaktionsdatum",
    "transaktionsdag",
    "datum",
    "booking date",
    "posting date",
    "transaction date",
    "completed date",
    "date",
  ],
  value_date: ["valutadag", "valutadatum", "value date"],
  amount: ["belopp", "belopp sek", "belopp (sek)", "summa", "amount", "transaction amount"],
  description: [
    "beskrivning",
    "text",
    "rubrik",
    "text/mottagare",
    "transaktionstext",
    "specifikation",
    "description",
    "details",
    "narrative",
    "memo",
  ],
  reference: ["referens", "meddelande", "ocr", "ocr-nummer", "reference", "payment reference", "message"],
  counterparty: [
    "namn",
    "motpart",
    "mottagare",
    "avsändare",
    "mottagare/avsändare",
    "betalare",
    "counterparty",
    "name",
    "payee",
    "payer",
    "merchant",
  ],
  balance: ["saldo", "bokfört saldo", "balance", "running balance"],
  currency: ["valuta", "currency"],
  external_id: ["transaktions-id", "transaktionsid", "transaction id", "id"],
};

const FIELDS = Object.keys(SYNONYMS) as Field[];

/** A mapping from a header row, or null when it lacks a date or an amount column. */
export function mappingFromHeader(cells: string[]): CsvColumnMapping | null {
  const names = cells.map(normaliseHeader);
  const found: Partial<Record<Field, number>> = {};
  const taken = new Set<number>();
  for (const field of FIELDS) {
    for (const synonym of SYNONYMS[field]) {
      const i = names.indexOf(synonym);
      if (i >= 0 && !taken.has(i)) {
        found[field] = i;
        taken.add(i);
        break;
      }
    }
  }
  if (found.date === undefined || found.amount === undefined) return null;
  return { description: -1, ...found } as CsvColumnMapping;
}

export function findGenericHeader(table: CsvTable): { index: number; mapping: CsvColumnMapping } | null {
  const limit = Math.min(table.records.length, 15);
  for (let i = 0; i < limit; i++) {
    const mapping = mappingFromHeader(table.records[i].cells);
    if (mapping) return { index: i, mapping };
  }
  return null;
}

/** The caller's mapping resolved to column indices, and the header row it was found on (-1: none). */
function resolveMapping(
  table: CsvTable,
  mapping: CsvColumnMapping,
): { index: number; columns: Partial<Record<Field, number>> } {
  const named = FIELDS.filter((f) => typeof mapping[f] === "string");
  let index = -1;
  if (named.length) {
    const limit = Math.min(table.records.length, 15);
    for (let i = 0; i < limit && index < 0; i++) {
      const names = table.records[i].cells.map(normaliseHeader);
      if (named.every((f) => names.includes(normaliseHeader(mapping[f] as string)))) index = i;
    }
    if (index < 0) {
      const header = table.records[0]?.cells ?? [];
      const present = new Set(header.map(normaliseHeader));
      const missing = named.map((f) => mapping[f] as string).filter((n) => !present.has(normaliseHeader(n)));
      throw new BankFileError(
        "BANK_FILE_MAPPING_INVALID",
        `the mapping names columns the file does not have: ${missing.join(", ")}`,
        { missing, header },
      );
    }
  } else {
    // Only indices: the first row is a header unless its date cell already holds a date.
    const first = table.records[0];
    index = first && parseBankDate(first.cells[mapping.date as number] ?? "") === null ? 0 : -1;
  }
  const header = index >= 0 ? table.records[index].cells.map(normaliseHeader) : [];
  const columns: Partial<Record<Field, number>> = {};
  for (const f of FIELDS) {
    const v = mapping[f];
    if (v === undefined || v === -1) continue;
    columns[f] = typeof v === "number" ? v : header.indexOf(normaliseHeader(v));
  }
  return { index, columns };
}

const columnName = (i: number) => `#${i}`;

export function genericLayout(columns: Partial<Record<Field, number>>): CsvLayout {
  const name = (f: Field) => (columns[f] === undefined ? "" : columnName(columns[f]!));
  return {
    headers: [],
    dateOrder: "dmy",
    decimal: ",",
    read(row) {
      const get = (f: Field) => (columns[f] === undefined ? "" : row.get(name(f)));
      return {
        row: {
          booking_date: requireDate(row, name("date")),
          value_date: columns.value_date === undefined ? null : row.date(name("value_date")),
          amount_ore: requireAmount(row, name("amount")),
          currency: get("currency") || null,
          description: get("description") || get("counterparty") || get("reference"),
          counterparty_name: get("counterparty") || null,
          reference: get("reference") || null,
          external_id: get("external_id") || null,
          balance_after_ore: columns.balance === undefined ? null : row.amount(name("balance")),
        },
      };
    },
  };
}

function detectedColumns(table: CsvTable): { index: number; columns: Partial<Record<Field, number>> } {
  const found = findGenericHeader(table);
  if (!found) {
    throw new BankFileError(
      "BANK_FILE_FORMAT_MISMATCH",
      "generic_csv needs a header row with a date and an amount column, or a column mapping",
      {
        looked_for: { date: SYNONYMS.date, amount: SYNONYMS.amount },
      },
    );
  }
  const columns: Partial<Record<Field, number>> = {};
  for (const f of FIELDS)
    if (typeof found.mapping[f] === "number" && found.mapping[f] !== -1) columns[f] = found.mapping[f] as number;
  return { index: found.index, columns };
}

/** The columns of each field and the header row's index (-1: none), from the caller's mapping or the header. */
export function genericColumns(
  table: CsvTable,
  mapping: CsvColumnMapping | undefined,
): { index: number; columns: GenericColumns } {
  return mapping ? resolveMapping(table, mapping) : detectedColumns(table);
}

export type GenericColumns = Partial<Record<Field, number>>;

/** The synthetic header a generic table is read under: "#0", "#1"... naming the columns by index. */
export const syntheticHeader = (width: number) => Array.from({ length: width }, (_, i) => columnName(i));

export function parseGenericCsv(
  table: CsvTable,
  mapping: CsvColumnMapping | undefined,
  currency: string | null,
): CsvParsed {
  const resolved = genericColumns(table, mapping);
  const width = table.records.reduce((w, r) => Math.max(w, r.cells.length), 0);
  // The engine reads columns by header name; a synthetic header "#0", "#1"... names the indices.
  const synthetic = { cells: syntheticHeader(width), line: 0 };
  const records = [
    ...table.records.slice(0, Math.max(resolved.index, 0)),
    synthetic,
    ...table.records.slice(resolved.index + 1),
  ];
  return runLayout({ records }, genericLayout(resolved.columns), Math.max(resolved.index, 0), currency);
}
