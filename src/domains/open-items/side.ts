// What the two registers of open items, receivables (customer invoices, BAS 1510) and
// payables (supplier invoices, BAS 2440), tell the logic they share: their tables, the
// words that differ and how each answers its rows. Each owning domain declares its side
// (invoices/side.ts, supplier-invoices/side.ts); this domain names neither table.
import type { SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client";

type Columns<K extends string> = SQLiteTable & { [k in K]: SQLiteColumn };

/** An open item's table: the columns the shared logic reads and writes. */
export type ItemTable = Columns<
  | "id"
  | "companyId"
  | "status"
  | "currency"
  | "updatedAt"
  | "exchangeRate"
  | "totalSekOre"
  | "invoiceDate"
  | "createdAt"
  | "isCreditNote"
  | "dueDate"
  | "creditedInvoiceId"
>;
/** Its payments' table. */
export type PaymentTable = Columns<
  "id" | "companyId" | "paymentDate" | "createdAt" | "reversedAt" | "reversalDate" | "reversalJournalEntryId"
>;

/** What the shared logic reads of an open item's row. */
export interface OpenItemRow {
  id: string;
  status: string;
  dueDate: string;
  totalOre: number;
  paidOre: number;
  creditedOre: number;
  paidAt: string | null;
}

/** What it reads of a payment's row. */
export interface OpenPaymentRow {
  id: string;
  paymentDate: string;
  createdAt: string;
  amountOre: number;
  journalEntryId: string;
  reversedAt: string | null;
  reversalDate: string | null;
  reversalJournalEntryId: string | null;
}

export type Json = Record<string, unknown>;

export interface OpenItemSide<Row extends OpenItemRow, Payment extends OpenPaymentRow> {
  side: "receivable" | "payable";
  /** the item's resource in audit rows, events and errors: "invoice", "supplier_invoice" */
  resource: "invoice" | "supplier_invoice";
  items: ItemTable;
  payments: PaymentTable;
  /** the payment's column naming its item */
  paymentItem: SQLiteColumn;
  /** the item's column naming its party (customer, supplier) */
  party: SQLiteColumn;
  /** which rows of its table are items of the side, when not all are (receivables: document type invoice) */
  only?: SQL;
  /** the statuses of an item its party still owes or is owed (a party's open items, its archiving) */
  open: readonly Row["status"][];
  /** the statuses an unpaid item past its due date leaves for overdue */
  overdueFrom: readonly Row["status"][];
  load: (db: Database, companyId: string, id: string) => Promise<Row>;
  json: (row: Row) => Json;
  paymentJson: (payment: Payment) => Json;
  /** the status once a payment of `paidOre` in all no longer counts (rules.ts's `statusWithoutPayment`) */
  statusWithoutPayment: (row: Row, paidOre: number, today: string) => Row["status"];
  /** the year-end revaluation's read: its SQL, see queries.ts */
  revaluation: RevaluationSql;
}

/**
 * The SQL of the year-end revaluation's read, side by side: the tables by their SQL
 * names, the item's number, which items are booked (and so on 1510 or 2440) and in which
 * statuses they are open, and the order of the answer.
 */
export interface RevaluationSql {
  items: string;
  payments: string;
  paymentKey: string;
  number: string;
  open: string;
  order: string;
}
