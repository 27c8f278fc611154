// What a test reads and changes in the books with SQL, in the right database: the company's
// home (src/db/homes.ts) when a bound value is a company's id, the directory for its own
// tables. A statement that names neither (a row by its own id, a count over the service)
// runs on every ledger database: rows are put together, a lone aggregate (COUNT, SUM) is
// summed, and the changes of an UPDATE or DELETE are added up.
import { env } from "cloudflare:test";
import { bindingOf, ledgerNames } from "../src/db/homes";
import { homeOfJob } from "../src/app/job-homes";
import { isUuid } from "../src/ids";
import type { Job } from "../src/queue";

const DIRECTORY_TABLES = /\b(users|api_keys|memberships|company_homes|company_moves|mfa_checks)\b/i;

/** The home of the first bound value that is a company's id. */
async function homeOfArgs(args: unknown[]): Promise<D1Database | null> {
  for (const a of args) {
    if (typeof a !== "string" || !isUuid(a)) continue;
    const row = await env.DIRECTORY.prepare("SELECT database FROM company_homes WHERE company_id = ?")
      .bind(a)
      .first<{ database: string }>();
    if (row) return bindingOf(env, row.database);
  }
  return null;
}

class BooksStatement {
  constructor(
    private readonly sql: string,
    private readonly args: unknown[] = [],
  ) {}

  bind(...args: unknown[]): BooksStatement {
    return new BooksStatement(this.sql, args);
  }

  /** The statement on the databases it is about: one, or every ledger database. */
  async on(): Promise<D1PreparedStatement[]> {
    const d1 = DIRECTORY_TABLES.test(this.sql) ? env.DIRECTORY : await homeOfArgs(this.args);
    const all = d1 ? [d1] : ledgerNames(env).map((n) => bindingOf(env, n));
    return all.map((db) => db.prepare(this.sql).bind(...this.args));
  }

  async all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    const results = await Promise.all((await this.on()).map((s) => s.all<T>()));
    return { ...results[0], results: results.flatMap((r) => r.results) };
  }
  async first<T = Record<string, unknown>>(column?: string): Promise<T | null> {
    const results = (await Promise.all((await this.on()).map((s) => s.all<Record<string, unknown>>()))).map(
      (r) => r.results,
    );
    const row =
      results.length > 1 &&
      /^\s*SELECT\s+(COUNT|SUM|TOTAL)\s*\(/i.test(this.sql) &&
      results.every((r) => r.length === 1)
        ? sumRows(results.map((r) => r[0]))
        : (results.flat()[0] ?? null);
    if (row === null) return null;
    return (column === undefined ? row : row[column]) as T;
  }
  async run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    const results = await Promise.all((await this.on()).map((s) => s.run<T>()));
    const changes = results.reduce((n, r) => n + (r.meta.changes ?? 0), 0);
    return { ...results[0], meta: { ...results[0].meta, changes } };
  }
  async raw<T = unknown[]>(): Promise<T[]> {
    return (await Promise.all((await this.on()).map((s) => s.raw<T>()))).flat();
  }
}

/** One row of per-database aggregates: numbers added, anything else from the first. */
function sumRows(rows: Record<string, unknown>[]): Record<string, unknown> {
  const out: Record<string, unknown> = { ...rows[0] };
  for (const key of Object.keys(out))
    if (rows.every((r) => typeof r[key] === "number" || r[key] === null))
      out[key] = rows.some((r) => r[key] !== null) ? rows.reduce((n, r) => n + ((r[key] as number) ?? 0), 0) : null;
  return out;
}

/** SQL on the books, as books.prepare was when there was one database. */
export const booksDb = {
  prepare(sql: string): BooksStatement {
    return new BooksStatement(sql);
  },
};

/** The home database of a company, for a test that needs the binding itself. */
export async function homeD1(companyId: string): Promise<D1Database> {
  const d1 = await homeOfArgs([companyId]);
  if (!d1) throw new Error(`company ${companyId} has no home`);
  return d1;
}

/** The Worker's env entered into a company's home, as a request or a job of it runs. */
export async function homeEnv(companyId: string): Promise<typeof env> {
  return { ...env, DB: await homeD1(companyId) };
}

/** The env a job about one item (a delivery, an operation) runs with: its company's home. */
async function itemEnv(job: Job): Promise<typeof env> {
  const home = await homeOfJob(env, job);
  if (!home) throw new Error(`${job.type}: its item is in no database`);
  return { ...env, DB: bindingOf(env, home) };
}

export const deliveryEnv = (deliveryId: string) => itemEnv({ type: "webhook.deliver", deliveryId });
export const operationEnv = (operationId: string) => itemEnv({ type: "operation.run", operationId });
