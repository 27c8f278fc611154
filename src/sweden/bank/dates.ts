// Dates as bank files write them, to ISO YYYY-MM-DD. Year-first forms are unambiguous
// (YYYY-MM-DD, YYYY/MM/DD, YYYYMMDD, with or without a time after them). Year-last forms are
// read day first (DD.MM.YYYY, DD-MM-YYYY, DD/MM/YYYY) unless a layout says month first:
// American Express writes MM/DD/YYYY even in its Swedish export.

import { isValidDate } from "../fiscal-year";

export type DateOrder = "dmy" | "mdy";

/** The ISO day, if it is a real one (isValidDate, the one date check every parser uses). */
function isoIfValid(y: string, m: string, d: string): string | null {
  const iso = `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
  return isValidDate(iso) ? iso : null;
}

export function parseBankDate(raw: string, order: DateOrder = "dmy"): string | null {
  const s = raw.trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T\s].*)?$/.exec(s);
  if (m) return isoIfValid(m[1], m[2], m[3]);
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (m) return isoIfValid(m[1], m[2], m[3]);
  m = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4})(?:[T\s].*)?$/.exec(s);
  if (m) return order === "mdy" ? isoIfValid(m[4], m[1], m[3]) : isoIfValid(m[4], m[3], m[1]);
  return null;
}
