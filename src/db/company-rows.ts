// A company's rows, moved from one D1 database to another (issue #33: the books past one
// database). Every database runs the same migrations, so this module needs no drizzle schema:
// it reads the live schema (sqlite_master, pragma_table_info, PRAGMA foreign_key_list) and so
// follows every migration without being edited. The caller holds the company's writes while
// it copies (its CompanyWriter), verifies the copy (countCompanyRows, ledgerFingerprint) and
// only then deletes the source; a copy that fails half-way is removed from the target with
// deleteCompanyRows, which is idempotent. See docs/scaling.md "Moving a company's rows".

/** One table and a number of the company's rows in it (copied, counted or deleted). */
export interface TableCount {
  table: string;
  rows: number;
}

/** Called after each table: to report progress, or (a test) to fail the work between tables. */
export type AfterTable = (table: string, rows: number) => Promise<void> | void;

export interface CopyOptions {
  /** rows read per page and written per batch (default 500) */
  chunkRows?: number;
  /** the tables to copy, parents first (default: companyTables(from)) */
  tables?: string[];
  afterTable?: AfterTable;
}

export interface DeleteOptions {
  /** rows deleted per statement (default 500) */
  chunkRows?: number;
  afterTable?: AfterTable;
}

/** The company's journal by figures: a copy must show the same as its source. */
export interface LedgerFingerprint {
  entries: number;
  lines: number;
  debitOre: number;
  creditOre: number;
  accounts: { account: string; debitOre: number; creditOre: number }[];
}

const DEFAULT_CHUNK_ROWS = 500;
/**
 * One INSERT's JSON text at most this long (UTF-8 bytes): D1 takes a bound string of up to
 * 2 MB, and a quarter of that leaves room for one very long row beside others.
 */
const MAX_JSON_BYTES = 512 * 1024;
/** One page (so one batch) at most this many bytes of rows, beside its `chunkRows` rows. */
const MAX_PAGE_BYTES = 4 * 1024 * 1024;
const utf8 = new TextEncoder();
/** The directory's tables and the shared chart: they are no one company's rows. */
const NOT_COMPANY_TABLES = new Set(["memberships", "users", "api_keys", "bas_accounts"]);

/** What this module needs to know of a table, read from the live schema. */
export interface TableShape {
  name: string;
  /** the table's columns in their declared order (generated columns are not listed: never written) */
  columns: string[];
  /** the primary key's columns in key order */
  primaryKey: string[];
  withoutRowid: boolean;
}

/** An SQL identifier, quoted: table and column names come from the schema, never from a caller's text. */
export function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The column that names a row's company: `companies` is keyed by its own id. */
export function companyColumn(table: string): string {
  return table === "companies" ? "id" : "company_id";
}

/**
 * The columns a page is ordered and resumed by: the rowid (cheap, and the insertion order some
 * queries rely on, e.g. bank transactions of one day), or the primary key of a WITHOUT ROWID table.
 */
export function keyColumns(shape: TableShape): string[] {
  return shape.withoutRowid ? shape.primaryKey : ["rowid"];
}

/** `... ) WITHOUT ROWID` (possibly beside STRICT) is the only sign of it in sqlite_master. */
function isWithoutRowid(ddl: string): boolean {
  return /\bWITHOUT\s+ROWID\b/i.test(ddl.slice(ddl.lastIndexOf(")")));
}

/**
 * Every user table and its columns, in one round trip. D1 refuses the tables of its own
 * (`_cf_*`, reading them is not authorised) and migrations' bookkeeping (`d1_*`) is no company's;
 * pragma_table_info as a table-valued function is permitted by D1 (pragma_foreign_key_list is not).
 */
export async function readTableShapes(d1: D1Database): Promise<Map<string, TableShape>> {
  const { results } = await d1
    .prepare(
      `SELECT m.name AS tbl, m.sql AS ddl, p.name AS col, p.pk AS pk
       FROM sqlite_master m JOIN pragma_table_info(m.name) p
       WHERE m.type = 'table' AND m.name NOT GLOB 'sqlite_*' AND m.name NOT GLOB 'd1_*' AND m.name NOT GLOB '_cf_*'
       ORDER BY m.name, p.cid`,
    )
    .all<{ tbl: string; ddl: string; col: string; pk: number }>();
  const shapes = new Map<string, TableShape & { pkOrder: [number, string][] }>();
  for (const r of results) {
    let shape = shapes.get(r.tbl);
    if (!shape) {
      shape = { name: r.tbl, columns: [], primaryKey: [], withoutRowid: isWithoutRowid(r.ddl), pkOrder: [] };
      shapes.set(r.tbl, shape);
    }
    shape.columns.push(r.col);
    if (r.pk > 0) shape.pkOrder.push([r.pk, r.col]);
  }
  const out = new Map<string, TableShape>();
  for (const { pkOrder, ...shape } of shapes.values()) {
    out.set(shape.name, { ...shape, primaryKey: pkOrder.sort((a, b) => a[0] - b[0]).map(([, col]) => col) });
  }
  return out;
}

/** A company's table: `companies` itself, or one with a company_id column, and not the directory's. */
function holdsCompanyRows(shape: TableShape): boolean {
  if (NOT_COMPANY_TABLES.has(shape.name)) return false;
  return shape.name === "companies" || shape.columns.includes("company_id");
}

/**
 * The tables each table references by foreign key. D1 refuses the table-valued
 * pragma_foreign_key_list but runs the PRAGMA statement; one batch asks for every table.
 */
async function readParents(d1: D1Database, tables: string[]): Promise<Map<string, string[]>> {
  if (tables.length === 0) return new Map();
  const answers = await d1.batch<{ table: string }>(
    tables.map((t) => d1.prepare(`PRAGMA foreign_key_list(${quote(t)})`)),
  );
  return new Map(tables.map((t, i) => [t, [...new Set(answers[i]!.results.map((fk) => fk.table))]]));
}

/**
 * Parents before children (Kahn's algorithm; ties by name, so the order is the same on every
 * database of one schema). A table's reference to itself (a row naming another of its rows) is
 * no ordering constraint, and a reference to a table outside `tables` (the directory's) is none
 * either. A cycle between different tables has no order that satisfies every key: refused.
 */
export function orderParentsFirst(tables: string[], parentsOf: Map<string, string[]>): string[] {
  const inSet = new Set(tables);
  const waitingOn = new Map<string, Set<string>>();
  for (const t of tables) {
    waitingOn.set(t, new Set((parentsOf.get(t) ?? []).filter((p) => p !== t && inSet.has(p))));
  }
  const ordered: string[] = [];
  while (waitingOn.size > 0) {
    const ready = [...waitingOn].filter(([, parents]) => parents.size === 0).map(([t]) => t);
    if (ready.length === 0) {
      throw new Error(
        `tables reference each other in a cycle, no order copies parents first: ${[...waitingOn.keys()].sort().join(", ")}`,
      );
    }
    const next = ready.sort()[0]!;
    ordered.push(next);
    waitingOn.delete(next);
    for (const parents of waitingOn.values()) parents.delete(next);
  }
  return ordered;
}

/** Every table that holds a company's rows, parents before children by their foreign keys. */
export async function companyTables(d1: D1Database): Promise<string[]> {
  const tables = [...(await readTableShapes(d1)).values()].filter(holdsCompanyRows).map((s) => s.name);
  return orderParentsFirst(tables, await readParents(d1, tables));
}

/** The shapes of `tables`, or a clear error naming the table the database lacks. */
export function shapesOf(shapes: Map<string, TableShape>, tables: string[], which: string): TableShape[] {
  return tables.map((t) => {
    const shape = shapes.get(t);
    if (!shape) throw new Error(`the ${which} database has no table ${t}`);
    return shape;
  });
}

/**
 * Both databases must run the same migrations: a column the target lacks would lose data, one
 * only the target has would take its default. Refused before the first row is written.
 */
export function assertSameColumns(source: TableShape, target: TableShape): void {
  const a = [...source.columns].sort().join(",");
  const b = [...target.columns].sort().join(",");
  if (a !== b) {
    throw new Error(
      `table ${source.name} differs between the databases (source: ${a}; target: ${b}): migrate both first`,
    );
  }
}

/**
 * A column as a JSON value that keeps it exactly: SQLite writes integers with all their digits
 * (no 2^53 limit of a JS number), a real as a real (1.0 stays 1.0), text as a string, NULL as
 * null. A BLOB, which JSON cannot hold, travels as {"hex": ...} and is unhexed on arrival.
 * The JSON is built by SQLite and never parsed in JS, so no value passes through a JS number.
 */
function encodedColumn(column: string): string {
  const c = quote(column);
  return `CASE WHEN typeof(${c}) = 'blob' THEN json_object('hex', hex(${c})) ELSE ${c} END`;
}

/** The inverse of encodedColumn, for the i-th element of json_each's row array. */
function decodedColumn(i: number): string {
  return `CASE json_type(value, '$[${i}]') WHEN 'object' THEN unhex(json_extract(value, '$[${i}].hex')) ELSE json_extract(value, '$[${i}]') END`;
}

export interface Page {
  /** each row as a JSON array of its columns, in the shape's column order */
  rows: string[];
  /** the last row's key as a JSON array: the next page starts after it */
  lastKey: string | null;
  /** no row of the company is left after this page */
  last: boolean;
}

/**
 * One page of the company's rows in key order, resumed after `afterKey` (keyset paging: each page
 * costs the same however far the copy is; a row value comparison covers a composite key).
 * At most `limit` rows, and no more than MAX_PAGE_BYTES of them (plus the row that crosses it):
 * SQLite sums the rows' sizes as it reads and keeps only those that start under the budget, so
 * a table of large rows (stored responses) never brings hundreds of megabytes into the Worker.
 */
export async function readPage(
  d1: D1Database,
  shape: TableShape,
  companyId: string,
  afterKey: string | null,
  limit: number,
): Promise<Page> {
  const keys = keyColumns(shape).map(quote);
  const aliases = keys.map((_, i) => `_k${i}`);
  const resume =
    afterKey === null
      ? ""
      : `AND (${keys.join(", ")}) > (${keys.map((_, i) => `json_extract(?4, '$[${i}]')`).join(", ")})`;
  const { results } = await d1
    .prepare(
      `SELECT k, j FROM (
         SELECT ${aliases.join(", ")}, k, j,
           sum(length(CAST(j AS BLOB))) OVER (ORDER BY ${aliases.join(", ")} ROWS UNBOUNDED PRECEDING) - length(CAST(j AS BLOB)) AS before
         FROM (
           SELECT ${keys.map((k, i) => `${k} AS ${aliases[i]}`).join(", ")}, json_array(${keys.join(", ")}) AS k,
             json_array(${shape.columns.map(encodedColumn).join(", ")}) AS j
           FROM ${quote(shape.name)} WHERE ${quote(companyColumn(shape.name))} = ?1 ${resume}
           ORDER BY ${keys.join(", ")} LIMIT ?2))
       WHERE before < ?3 ORDER BY ${aliases.join(", ")}`,
    )
    .bind(companyId, limit, MAX_PAGE_BYTES, ...(afterKey === null ? [] : [afterKey]))
    .all<{ k: string; j: string }>();
  const rows = results.map((r) => r.j);
  return { rows, lastKey: results.at(-1)?.k ?? null, last: isLastPage(rows, limit) };
}

/**
 * Fewer rows than asked for means the table is done, unless the byte budget cut the page: a cut
 * keeps rows of at least MAX_PAGE_BYTES, so a shorter page under the budget was not cut. (Saves
 * the empty read that would otherwise end every table.)
 */
function isLastPage(rows: string[], limit: number): boolean {
  return rows.length < limit && rows.reduce((sum, r) => sum + utf8.encode(r).byteLength, 0) < MAX_PAGE_BYTES;
}

/** Rows grouped into JSON array texts of at most MAX_JSON_BYTES each (a longer row goes alone). */
export function jsonTexts(rows: string[]): string[] {
  const texts: string[] = [];
  let group: string[] = [];
  let bytes = 2;
  for (const row of rows) {
    const size = utf8.encode(row).byteLength + 1;
    if (group.length > 0 && bytes + size > MAX_JSON_BYTES) {
      texts.push(`[${group.join(",")}]`);
      group = [];
      bytes = 2;
    }
    group.push(row);
    bytes += size;
  }
  if (group.length > 0) texts.push(`[${group.join(",")}]`);
  return texts;
}

/** INSERT ... SELECT FROM json_each: one bound parameter however many rows (D1 binds at most 100). */
export function insertStatement(d1: D1Database, shape: TableShape, json: string): D1PreparedStatement {
  const columns = shape.columns.map(quote).join(", ");
  const values = shape.columns.map((_, i) => decodedColumn(i)).join(", ");
  return d1.prepare(`INSERT INTO ${quote(shape.name)} (${columns}) SELECT ${values} FROM json_each(?1)`).bind(json);
}

/** Copies one table's rows of the company, a page per batch; returns how many. */
async function copyTable(
  from: D1Database,
  to: D1Database,
  shape: TableShape,
  companyId: string,
  chunkRows: number,
): Promise<number> {
  let copied = 0;
  let afterKey: string | null = null;
  for (;;) {
    const page = await readPage(from, shape, companyId, afterKey, chunkRows);
    if (page.rows.length === 0) return copied;
    await to.batch(jsonTexts(page.rows).map((json) => insertStatement(to, shape, json)));
    copied += page.rows.length;
    if (page.last) return copied;
    afterKey = page.lastKey;
  }
}

/** A positive whole number of rows, or a clear error (a zero would loop for ever). */
export function chunkSize(chunkRows: number | undefined): number {
  const n = chunkRows ?? DEFAULT_CHUNK_ROWS;
  if (!Number.isInteger(n) || n < 1) throw new Error(`chunkRows must be a positive integer, got ${n}`);
  return n;
}

/**
 * Copies every row of the company from one database to another, table by table, parents first
 * (the target checks foreign keys). Each page is one batch, so a failure leaves whole pages
 * behind: not atomic as a whole (no D1 transaction spans databases); remove a partial copy with
 * deleteCompanyRows(to, ...). The target must not hold the company's rows already (primary keys refuse).
 */
export async function copyCompanyRows(
  from: D1Database,
  to: D1Database,
  companyId: string,
  options: CopyOptions = {},
): Promise<TableCount[]> {
  const chunkRows = chunkSize(options.chunkRows);
  const tables = options.tables ?? (await companyTables(from));
  const sources = shapesOf(await readTableShapes(from), tables, "source");
  const targets = shapesOf(await readTableShapes(to), tables, "target");
  for (const [i, s] of sources.entries()) assertSameColumns(s, targets[i]!);
  const counts: TableCount[] = [];
  for (const shape of sources) {
    const rows = await copyTable(from, to, shape, companyId, chunkRows);
    counts.push({ table: shape.name, rows });
    await options.afterTable?.(shape.name, rows);
  }
  return counts;
}

/** Per table, how many rows the company has there: one batch. */
export async function countCompanyRows(d1: D1Database, companyId: string, tables: string[]): Promise<TableCount[]> {
  if (tables.length === 0) return [];
  const answers = await d1.batch<{ n: number }>(
    tables.map((t) =>
      d1.prepare(`SELECT count(*) AS n FROM ${quote(t)} WHERE ${quote(companyColumn(t))} = ?1`).bind(companyId),
    ),
  );
  return tables.map((table, i) => ({ table, rows: answers[i]!.results[0]!.n }));
}

/**
 * The company's journal by figures: entries, lines, and debit and credit per account in öre.
 * Counts alone would not see a line copied with the wrong amount; SQLite sums the integers
 * exactly (an overflow is an error, never a rounding). Drafts and cancelled entries count too:
 * the fingerprint compares rows, not a report.
 */
export async function ledgerFingerprint(d1: D1Database, companyId: string): Promise<LedgerFingerprint> {
  const [entries, lines, accounts] = await d1.batch([
    d1.prepare("SELECT count(*) AS n FROM journal_entries WHERE company_id = ?1").bind(companyId),
    d1
      .prepare(
        "SELECT count(*) AS n, coalesce(sum(debit_ore), 0) AS d, coalesce(sum(credit_ore), 0) AS c FROM journal_lines WHERE company_id = ?1",
      )
      .bind(companyId),
    d1
      .prepare(
        `SELECT account_number AS account, sum(debit_ore) AS debitOre, sum(credit_ore) AS creditOre
         FROM journal_lines WHERE company_id = ?1 GROUP BY account_number ORDER BY account_number`,
      )
      .bind(companyId),
  ]);
  const totals = lines!.results[0] as { n: number; d: number; c: number };
  return {
    entries: (entries!.results[0] as { n: number }).n,
    lines: totals.n,
    debitOre: totals.d,
    creditOre: totals.c,
    accounts: accounts!.results as LedgerFingerprint["accounts"],
  };
}

/**
 * The triggers that refuse a delete on the table (the ledger's immutability, BFL: journal lines and
 * entries, archived documents, VAT returns are never deleted) with their CREATE statements. A
 * trigger on DELETE that does anything but RAISE is not one: it keeps firing.
 */
export async function deleteGuards(d1: D1Database, table: string): Promise<{ name: string; sql: string }[]> {
  const { results } = await d1
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?1 ORDER BY name")
    .bind(table)
    .all<{ name: string; sql: string }>();
  return results.filter(isDeleteGuard);
}

/** Whether a trigger (its CREATE statement) refuses a DELETE: fires on DELETE and RAISEs. */
export function isDeleteGuard(t: { sql: string }): boolean {
  const head = t.sql.slice(0, t.sql.search(/\bBEGIN\b/i));
  return /\bDELETE\s+ON\b/i.test(head) && /\bRAISE\s*\(/i.test(t.sql);
}

/**
 * Deletes up to `limit` of the company's rows of one table; returns how many. A bounded chunk,
 * chosen by rowid (or primary key), not one DELETE of every row: a company may have 100 000+
 * journal lines, more than a deployed D1 statement may change within its time limit.
 * The table's delete-refusing triggers are dropped and created again around the DELETE in the
 * same batch, which D1 runs as one transaction: no other statement ever sees the table
 * unguarded, and a failed chunk leaves the triggers as they were. Deleting a company's rows is
 * for rows that live on in another database (a verified move) or never were the books (a
 * partial copy), which is why only this function lifts the guard.
 */
async function deleteChunk(
  d1: D1Database,
  shape: TableShape,
  guards: { name: string; sql: string }[],
  companyId: string,
  limit: number,
): Promise<number> {
  const del = deleteChunkStatement(d1, shape, companyId, limit);
  if (guards.length === 0) return (await del.run()).meta.changes;
  const results = await d1.batch([
    ...guards.map((g) => d1.prepare(`DROP TRIGGER ${quote(g.name)}`)),
    del,
    ...guards.map((g) => d1.prepare(g.sql)),
  ]);
  return results[guards.length]!.meta.changes;
}

/** DELETE of up to `limit` of the company's rows of one table, by rowid (or primary key). */
export function deleteChunkStatement(
  d1: D1Database,
  shape: TableShape,
  companyId: string,
  limit: number,
): D1PreparedStatement {
  const keys = keyColumns(shape).map(quote).join(", ");
  const table = quote(shape.name);
  return d1
    .prepare(
      `DELETE FROM ${table} WHERE (${keys}) IN (SELECT ${keys} FROM ${table} WHERE ${quote(companyColumn(shape.name))} = ?1 LIMIT ?2)`,
    )
    .bind(companyId, limit);
}

/** Deletes all the company's rows of one table, chunk by chunk; returns how many. */
async function deleteTable(d1: D1Database, shape: TableShape, companyId: string, chunkRows: number): Promise<number> {
  const guards = await deleteGuards(d1, shape.name);
  let deleted = 0;
  for (;;) {
    let n: number;
    try {
      n = await deleteChunk(d1, shape, guards, companyId, chunkRows);
    } catch (cause) {
      // a foreign key from a table outside the list (memberships to companies) refuses the delete
      throw new Error(`deleting the company's rows of ${shape.name} was refused: ${String(cause)}`, { cause });
    }
    deleted += n;
    if (n < chunkRows) return deleted;
  }
}

/**
 * Deletes every row of the company in `tables` (parents-first order, as companyTables returns
 * it), children first so that no foreign key is left pointing at a deleted parent. Idempotent:
 * a second run deletes nothing and succeeds, so a failed move (or a failed delete) is simply
 * run again.
 */
export async function deleteCompanyRows(
  d1: D1Database,
  companyId: string,
  tables: string[],
  options: DeleteOptions = {},
): Promise<TableCount[]> {
  const chunkRows = chunkSize(options.chunkRows);
  const shapes = shapesOf(await readTableShapes(d1), tables, "given");
  const counts: TableCount[] = [];
  for (const shape of shapes.reverse()) {
    const rows = await deleteTable(d1, shape, companyId, chunkRows);
    counts.push({ table: shape.name, rows });
    await options.afterTable?.(shape.name, rows);
  }
  return counts;
}
