// Many databases (issue #33, docs/databases.md): the directory and the
// ledger databases, by their binding names. A company's home is the database its books
// live in; the directory says which (company_homes). Every database carries one schema.
import { and, count, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import journal from "../../migrations/meta/_journal.json";
import { ApiError } from "../errors/api-error";
import { companyHomes } from "./tables/directory";

/** The directory's binding name; also the home of a company created before ledger databases. */
export const DIRECTORY = "DIRECTORY";
const LEDGER = /^LEDGER_(\d{1,3})$/;

/** What the Worker is bound to, as far as databases go. */
export type Databases = { DIRECTORY: D1Database; LEDGER_PLACEMENT?: string } & Partial<
  Record<`LEDGER_${number}`, D1Database>
>;

/** The directory's query builder (users, keys, memberships, company list, homes). */
export function directory(env: Pick<Databases, "DIRECTORY">) {
  return drizzle(env.DIRECTORY);
}
export type Directory = ReturnType<typeof directory>;

/** The ledger databases bound (LEDGER_1, LEDGER_2, ...), in number order. */
export function ledgerNames(env: object): string[] {
  return Object.keys(env)
    .filter((k) => LEDGER.test(k))
    .sort((a, b) => Number(LEDGER.exec(a)![1]) - Number(LEDGER.exec(b)![1]));
}

/** Every database a company's books may live in: the ledger databases, then the directory (the old home). */
export function homeNames(env: object): string[] {
  return [...ledgerNames(env), DIRECTORY];
}

/** The binding a home names; an unbound name is a deployment fault, not a caller's. */
export function bindingOf(env: object, name: string): D1Database {
  const d1 = (name === DIRECTORY || LEDGER.test(name) ? (env as Record<string, unknown>)[name] : undefined) as
    | D1Database
    | undefined;
  if (!d1) throw new Error(`database ${name} is not bound to this Worker (wrangler.toml d1_databases)`);
  return d1;
}

/** The company's home, as the directory says; null when it has none (no such company). */
export async function homeOf(dir: Directory, companyId: string): Promise<string | null> {
  const row = await dir
    .select({ database: companyHomes.database })
    .from(companyHomes)
    .where(eq(companyHomes.companyId, companyId))
    .get();
  return row?.database ?? null;
}

/** The binding of a company's home; a company without one is a caller's mistake (an unknown id). */
export async function homeBindingOf(env: Databases, companyId: string): Promise<D1Database> {
  const home = await homeOf(directory(env), companyId);
  if (!home) throw new ApiError("NOT_FOUND", { resource: "company", id: companyId });
  return bindingOf(env, home);
}

/**
 * Where a new company goes: the open ledger database with the fewest companies (ties to the
 * lowest number). Open: the names in LEDGER_PLACEMENT (comma-separated), else every ledger
 * database. Companies are counted, not bytes: a company's size is unknown when it is created,
 * and one that grows large is moved (POST /admin/v1/companies/{id}/move).
 */
export async function placeCompany(env: Databases): Promise<string> {
  const open = placementNames(env);
  const counts = await directory(env)
    .select({ database: companyHomes.database, n: count() })
    .from(companyHomes)
    .groupBy(companyHomes.database)
    .all();
  const held = new Map(counts.map((r) => [r.database, r.n]));
  return open.reduce((best, name) => ((held.get(name) ?? 0) < (held.get(best) ?? 0) ? name : best), open[0]);
}

function placementNames(env: Databases): string[] {
  const bound = ledgerNames(env);
  const asked = (env.LEDGER_PLACEMENT ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const open = asked.length ? asked.filter((n) => bound.includes(n)) : bound;
  // a Worker bound to no ledger database keeps every company in the directory, as before
  return open.length ? open : [DIRECTORY];
}

/** The last migration this code was built with (wrangler records applied ones by file name in d1_migrations). */
export const EXPECTED_MIGRATION = `${journal.entries[journal.entries.length - 1].tag}.sql`;

// Databases seen at the expected migration. Held for the isolate's life: a database does not
// go back, and a newer migration comes with newer code, which runs in a new isolate.
const migrated = new Set<string>();

/**
 * Whether the database has every migration this code expects. A lagging database is asked
 * again each time, so it is served as soon as the deploy step has migrated it.
 */
export async function isMigrated(env: object, name: string): Promise<boolean> {
  if (migrated.has(name)) return true;
  const row = await bindingOf(env, name)
    .prepare("SELECT 1 AS ok FROM d1_migrations WHERE name = ?")
    .bind(EXPECTED_MIGRATION)
    .first<{ ok: number }>()
    .catch(() => null);
  if (row) migrated.add(name);
  return row !== null;
}

/** A database behind this code's migrations: refused until the deploy step has migrated it. */
export function notMigrated(database: string): ApiError {
  return new ApiError(
    "DATABASE_NOT_MIGRATED",
    { database, expected_migration: EXPECTED_MIGRATION },
    `The database ${database} lacks migration ${EXPECTED_MIGRATION}; it answers again once migrated.`,
  );
}

/** A company's home as its creation records it (the companies domain puts it in one batch with the owner). */
export function homeEntry(dir: Directory, companyId: string, home: string, now: string) {
  return dir.insert(companyHomes).values({ companyId, database: home, createdAt: now });
}

/** A move's switch: the company's home is `to` from now on (src/writer/move.ts). */
export function switchHomeStatement(dir: Directory, companyId: string, from: string, to: string, now: string) {
  return dir
    .update(companyHomes)
    .set({ database: to, movedAt: now, movedFrom: from })
    .where(and(eq(companyHomes.companyId, companyId), eq(companyHomes.database, from)));
}
