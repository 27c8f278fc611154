// The company's slow-changing state, held in its writer (the CompanyWriter Durable
// Object) across commands: the fiscal periods and lock dates, the settings the ledger
// reads, the chart, the dimensions and codes, the active webhooks, and the next free
// voucher number per (period, series). A command reads them here instead of from D1.
//
// Why the copy stays exact: every write to those tables is a statement of a command's
// batch, and every command runs in this object, one at a time (src/commands/runner.ts).
// After each batch the runner hands its statements to `committed()`, which drops every
// section whose tables the batch wrote; a batch that failed drops everything. Writes
// outside a command (a webhook disabled by its delivery job) call the object's
// `forget()` RPC after their write (docs/scaling.md, "The commit path", lists them).
// An object that restarts starts cold: each section is read from D1 once, on first use.
//
// The state holds no reader of its own: each section is declared by the module that may
// read its tables (src/ledger/reference.ts for the books, the webhooks domain for the
// fan-out), as a few batchable reads and a function that builds the value from them.
// Sections once used are remembered, so after an invalidation the runner reads the
// missing ones in the same round trip as the idempotency lookup (`missing()`).
import { getTableName, is, Table } from "drizzle-orm";
import { SQLiteDeleteBase, SQLiteInsertBase, SQLiteUpdateBase } from "drizzle-orm/sqlite-core";
import type { Database } from "../db/client";
import { PreparedWrite } from "../db/prepared-write";
import type { Statement } from "../db/statement";
import type { HeldDraft, Write } from "./write";

export type { HeldDraft } from "./write";

/** How many drafts a writer holds: the most recently created ones. */
export const HELD_DRAFTS = 1000;

/** A read-only query a section is built from (a drizzle select; batchable). */
export type Read = Statement;

export interface StateSection<T> {
  /** unique among sections */
  name: string;
  /** the SQL table names whose writes make the value stale */
  tables: readonly string[];
  reads(db: Database, companyId: string): Read[];
  build(results: unknown[]): T;
}

/**
 * The table a statement writes, as the statement declares it: a drizzle insert, update or
 * delete is built on its table object (the ledger's and the domains' helpers, JSON
 * inserts and upserts included, all build them so); a PreparedWrite (constant SQL, the
 * chain's row) names its table. Anything else, a read or raw SQL, declares nothing: null,
 * and the writer then drops everything it holds rather than guess from SQL text.
 */
export function writtenTables(statement: unknown): string[] | null {
  if (statement instanceof PreparedWrite) return [statement.table];
  if (is(statement, SQLiteInsertBase) || is(statement, SQLiteUpdateBase) || is(statement, SQLiteDeleteBase)) {
    const table = (statement as unknown as { config: { table: unknown } }).config.table;
    if (is(table, Table)) return [getTableName(table).toLowerCase()];
  }
  return null;
}

/** The voucher-number key of a (period, series). */
export const numberingKey = (periodId: string, series: string) => `${periodId}/${series}`;

/**
 * One per company writer. `values` are the sections read and still valid; `numbers`
 * holds, per (period, series), the smallest free voucher number n such that every
 * number below n is used and none above it is (absent when the series has gaps).
 */
export class CompanyState {
  private readonly values = new Map<string, unknown>();
  private readonly known = new Map<string, StateSection<unknown>>();
  private readonly numbers = new Map<string, number>();
  /**
   * The drafts this writer created, as its batches wrote them, newest last (at most
   * HELD_DRAFTS). Exact because a draft changes only through the ledger in a command
   * of its company (src/ledger/engine.ts: created by createDraft, then only committed
   * or cancelled, each a Write that names the draft), so a commit reads nothing.
   */
  private readonly drafts = new Map<string, HeldDraft>();
  /** bumped by every invalidation: a read that began before one is not kept */
  private epoch = 0;

  constructor(readonly companyId: string) {}

  /** A command's view: reads through this state, remembers what it would change until its batch commits. */
  session(db: Database, dryRun: boolean): StateSession {
    return new StateSession(this, db, dryRun);
  }

  peek<T>(section: StateSection<T>): T | undefined {
    this.known.set(section.name, section as StateSection<unknown>);
    return this.values.get(section.name) as T | undefined;
  }

  /** Keeps a value read from D1, unless something was invalidated since the read began. */
  keep<T>(section: StateSection<T>, value: T, epochAtRead: number): void {
    if (epochAtRead === this.epoch) this.values.set(section.name, value);
  }

  currentEpoch(): number {
    return this.epoch;
  }

  /** The sections used before and not valid now. */
  missingSections(): StateSection<unknown>[] {
    return [...this.known.values()].filter((s) => !this.values.has(s.name));
  }

  nextNumber(key: string): number | undefined {
    return this.numbers.get(key);
  }

  setNextNumber(key: string, next: number, epochAtRead: number): void {
    if (epochAtRead === this.epoch) this.numbers.set(key, next);
  }

  /**
   * After a committed batch: drops the sections whose tables it wrote (all of them when
   * a statement's SQL cannot be read), and keeps the numbers the batch took. Voucher
   * numbers are given only by the ledger (src/ledger/engine.ts), whose writes name each
   * number they take, or that an import numbered a series itself.
   */
  committed(statements: readonly unknown[], numbered: ReadonlyMap<string, number>): void {
    const written = new Set<string>();
    for (const s of statements) {
      const tables = writtenTables(s);
      if (tables === null) {
        this.forget();
        return;
      }
      for (const t of tables) written.add(t);
    }
    const stale = [...this.known.values()].filter((s) => s.tables.some((t) => written.has(t)));
    if (stale.length) this.epoch++;
    for (const s of stale) this.values.delete(s.name);
    for (const [key, next] of numbered) this.numbers.set(key, next);
  }

  draft(id: string): HeldDraft | undefined {
    return this.drafts.get(id);
  }

  /** What the writer holds now: each section's value and each series' next number (for a check against D1). */
  held(): { sections: Map<StateSection<unknown>, unknown>; numbers: Map<string, number> } {
    const sections = new Map<StateSection<unknown>, unknown>();
    for (const [name, section] of this.known) if (this.values.has(name)) sections.set(section, this.values.get(name));
    return { sections, numbers: new Map(this.numbers) };
  }

  /**
   * After a committed batch: the drafts it created are held, those it committed, cancelled or
   * linked a document to are not (a draft created and given a document by one batch included).
   */
  draftsCommitted(created: readonly HeldDraft[], changed: Iterable<string>): void {
    for (const d of created) {
      this.drafts.delete(d.entry.id);
      this.drafts.set(d.entry.id, d);
    }
    for (const id of changed) this.drafts.delete(id);
    for (const id of this.drafts.keys()) {
      if (this.drafts.size <= HELD_DRAFTS) break;
      this.drafts.delete(id);
    }
  }

  forgetNumbers(keys: string[]): void {
    for (const k of keys) this.numbers.delete(k);
  }

  /** Drops everything (a failed batch, an outside write, a request from the forget() RPC). */
  forget(): void {
    this.epoch++;
    this.values.clear();
    this.numbers.clear();
    this.drafts.clear();
  }
}

/**
 * A command's view of the state. Reads come from the company's state, or from D1 on a
 * miss (kept for the next command: it is committed data). What the command's own plan
 * would change (the voucher numbers it takes) is held here and reaches the state only
 * through `committed()`, so a dry run or a refused batch leaves it untouched.
 */
export class StateSession {
  private readonly loading = new Map<string, Promise<unknown>>();
  /** next free number per (period, series) after this plan, when known */
  private readonly numbered = new Map<string, number>();
  /** (period, series) whose numbers this plan set without the session (an import's own numbers) */
  private readonly unnumbered = new Set<string>();
  /** the first number this plan took per (period, series) from a known frontier */
  private readonly firstTaken = new Map<string, number>();

  constructor(
    private readonly state: CompanyState,
    private readonly db: Database,
    private readonly dryRun: boolean,
  ) {}

  get companyId(): string {
    return this.state.companyId;
  }

  /** The section's value: from the state, or read from D1 (one round trip) and kept. */
  get<T>(section: StateSection<T>): Promise<T> {
    const held = this.state.peek(section);
    if (held !== undefined) return Promise.resolve(held);
    let pending = this.loading.get(section.name) as Promise<T> | undefined;
    if (!pending) {
      const epoch = this.state.currentEpoch();
      const reads = section.reads(this.db, this.companyId);
      pending = this.db.batch(reads as [Read, ...Read[]]).then((results) => {
        const value = section.build(results as unknown[]);
        this.state.keep(section, value, epoch);
        return value;
      });
      this.loading.set(section.name, pending);
    }
    return pending;
  }

  /**
   * The reads of the sections used before and missing now, to run in the caller's own
   * round trip (the idempotency lookup); `accept` keeps their results.
   */
  prefetch(): { reads: Read[]; accept: (results: unknown[]) => void } {
    const sections = this.state.missingSections();
    const epoch = this.state.currentEpoch();
    const parts = sections.map((s) => ({ s, reads: s.reads(this.db, this.companyId) }));
    return {
      reads: parts.flatMap((p) => p.reads),
      accept: (results) => {
        let i = 0;
        for (const { s, reads } of parts) {
          const value = s.build(results.slice(i, i + reads.length));
          i += reads.length;
          this.state.keep(s, value, epoch);
        }
      },
    };
  }

  /**
   * The smallest free voucher number of (period, series) at or above `floor`, when the
   * state knows it (every number from it up is free); undefined otherwise.
   */
  knownNextNumber(key: string, floor: number): number | undefined {
    if (this.unnumbered.has(key)) return undefined;
    const next = this.numbered.get(key) ?? this.state.nextNumber(key);
    return next === undefined ? undefined : Math.max(next, floor);
  }

  /**
   * The plan takes `taken`; `freeAbove` says whether every number above it is free (read
   * from D1 with it, or known). Applied to the state only if the batch commits.
   */
  took(key: string, taken: number, freeAbove: boolean, epochAtRead = this.state.currentEpoch()): void {
    if (this.unnumbered.has(key)) return;
    if (freeAbove) {
      if (!this.numbered.has(key) && this.state.nextNumber(key) === undefined) {
        // the state learns the series' frontier from committed data: below `taken` all
        // used, from it up all free; kept as the number itself until the batch commits
        this.state.setNextNumber(key, taken, epochAtRead);
      }
      if (!this.firstTaken.has(key)) this.firstTaken.set(key, taken);
      this.numbered.set(key, taken + 1);
    } else {
      this.numbered.delete(key);
      this.unnumbered.add(key);
    }
  }

  /** An import numbered entries itself in (period, series): the state forgets that series after the batch. */
  numberedOutside(key: string): void {
    this.numbered.delete(key);
    this.unnumbered.add(key);
  }

  /** A draft held by the writer (committed data: created by a batch of this writer, not changed since). */
  heldDraft(id: string): HeldDraft | undefined {
    return this.state.draft(id);
  }

  /**
   * After the command's batch committed (never on a dry run), with the writes it carried. A
   * series' new frontier is kept only if every number the plan took in it is written by
   * those writes: a bulk item refused after it was numbered leaves a gap (its write is not
   * in the plan), and the next number must fill it.
   */
  committed(statements: readonly unknown[], writes: readonly Write[]): void {
    if (this.dryRun) return;
    const written = new Map<string, Set<number>>();
    for (const { key, n } of writes.flatMap((w) => w.numbers)) written.set(key, (written.get(key) ?? new Set()).add(n));
    const numbered = new Map<string, number>();
    const gaps: string[] = [...this.unnumbered];
    for (const [key, next] of this.numbered) {
      const first = this.firstTaken.get(key) ?? next;
      let whole = true;
      for (let n = first; n < next && whole; n++) whole = written.get(key)?.has(n) ?? false;
      if (whole) numbered.set(key, next);
      else gaps.push(key);
    }
    this.state.committed(statements, numbered);
    if (gaps.length) this.state.forgetNumbers(gaps);
    this.state.draftsCommitted(
      writes.flatMap((w) => w.createdDrafts),
      writes.flatMap((w) => w.changedDrafts),
    );
  }

  /** After a committed batch: a section's value the batch made and knows exactly (the chain's head). */
  advance<T>(section: StateSection<T>, value: T): void {
    if (!this.dryRun) this.state.keep(section, value, this.state.currentEpoch());
  }

  /** After a batch that failed, or a step whose outcome is not known: nothing held is trusted. */
  failed(): void {
    this.state.forget();
  }
}
