import { like, or, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/** Free-text search over a name, or an organisation number with or without its hyphen. */
export function nameOrOrgNumber(nameCol: SQLiteColumn, orgCol: SQLiteColumn, search: string | undefined) {
  if (!search) return undefined;
  const pattern = `%${search.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
  const digits = search.replace(/\D/g, "");
  return or(
    sql`${nameCol} LIKE ${pattern} ESCAPE '\\'`,
    sql`${orgCol} LIKE ${pattern} ESCAPE '\\'`,
    digits.length >= 4 ? like(sql`REPLACE(${orgCol}, '-', '')`, `%${digits}%`) : undefined,
  );
}
