// Open items of a ledger (receivables, payables) as the aging report reads them:
// one shape for both invoice domains' set-based queries.

export interface OpenItem {
  id: string;
  partyId: string;
  partyName: string;
  number: string;
  invoiceDate: string;
  dueDate: string;
  status: string;
  currency: string;
  exchangeRate: string;
  totalOre: number;
  /** still owed at the date asked for, in the invoice currency */
  openOre: number;
}

/** The columns both open-item queries select, by these names. */
export interface OpenItemSqlRow {
  id: string;
  party_id: string;
  party_name: string;
  number: string;
  invoice_date: string;
  due_date: string;
  status: string;
  currency: string;
  rate: string;
  total: number;
  open: number;
}

export function toOpenItem(r: OpenItemSqlRow): OpenItem {
  return {
    id: r.id,
    partyId: r.party_id,
    partyName: r.party_name,
    number: r.number,
    invoiceDate: r.invoice_date,
    dueDate: r.due_date,
    status: r.status,
    currency: r.currency,
    exchangeRate: r.rate,
    totalOre: Number(r.total),
    openOre: Number(r.open),
  };
}
