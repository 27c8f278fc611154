// ISO 20022 customer payment status report, pain.002 (CustomerPaymentStatusReport), versions
// .001.03 (V03, what the Swedish banks answer a pain.001.001.03 with) to .001.10: pure, no I/O.
//
// Sources: ISO 20022 message definition pain.002.001.03 / pain.002.001.10, namespace
// urn:iso:std:iso:20022:tech:xsd:pain.002.001.NN: Document/CstmrPmtStsRpt with GrpHdr (MsgId,
// CreDtTm), OrgnlGrpInfAndSts (OrgnlMsgId, OrgnlMsgNmId, GrpSts, StsRsnInf), then
// OrgnlPmtInfAndSts per original PmtInf (OrgnlPmtInfId, PmtInfSts, StsRsnInf, TxInfAndSts per
// transaction: StsId, OrgnlInstrId, OrgnlEndToEndId, TxSts, StsRsnInf/Rsn/Cd, StsRsnInf/AddtlInf).
// The status codes are ISO's ExternalPaymentTransactionStatus1Code / ExternalPaymentGroupStatus1Code
// (ACTC, ACCP, ACSP, ACSC, ACWC, PDNG, PART, RJCT...); the reason codes ExternalStatusReason1Code
// (AC01 incorrect account number, AM04 insufficient funds, ...). The "Swedish Implementation
// Guidelines, ISO 20022 Payments" (Svenska Bankföreningen) use V03 with the same elements.
// No XSD is in the shared data: the element names were checked against public renderings of the
// message definitions (pain.002.001.03 and .001.10 type listings) and Swedbank's MIG for pain.001/pain.002.
//
// A status given for the group (GrpSts) or a payment information (PmtInfSts) applies to every
// transaction of it that the report does not list on its own; a transaction's own TxSts wins.
import { all, at, parseXml, textAt, textsAt, type XmlNode } from "../bank/camt-xml";
import { BankFileError } from "../bank/errors";

const NAMESPACE = /urn:iso:std:iso:20022:tech:xsd:pain\.002\.001\.(\d{2})/;
export const PAIN002_VERSIONS = ["03", "04", "05", "06", "07", "08", "09", "10"];

/** What a status means for a payment: rejected, accepted (on its way or done), or nothing yet. */
export type PaymentOutcome = "accepted" | "rejected" | "pending";

const ACCEPTED = new Set(["ACTC", "ACCP", "ACSP", "ACSC", "ACWC", "ACWP", "ACCC", "ACFC", "ACIS", "PART"]);

/** The outcome of an ISO status code; PART (some of a group) counts only as a group's status. */
export function outcomeOf(status: string | null): PaymentOutcome {
  if (status === "RJCT" || status === "CANC") return "rejected";
  if (status && ACCEPTED.has(status) && status !== "PART") return "accepted";
  return "pending";
}

export interface TransactionStatus {
  endToEndId: string | null;
  instructionId: string | null;
  paymentInformationId: string | null;
  /** the transaction's own TxSts, else its PmtInf's, else the group's */
  status: string;
  outcome: PaymentOutcome;
  reasonCode: string | null;
  reasonText: string | null;
  /** where the status was given: the transaction, its payment information or the group */
  level: "transaction" | "payment_information" | "group";
}

export interface StatusReport {
  version: string;
  messageId: string | null;
  createdAt: string | null;
  originalMessageId: string | null;
  originalMessageName: string | null;
  groupStatus: string | null;
  groupReason: { code: string | null; text: string | null };
  /** PmtInfId -> its status, for payment informations the report names without listing transactions */
  paymentInformation: {
    id: string | null;
    status: string | null;
    reasonCode: string | null;
    reasonText: string | null;
  }[];
  transactions: TransactionStatus[];
}

const malformed = (message: string, details: Record<string, unknown> = {}) =>
  new BankFileError("BANK_FILE_MALFORMED", message, details);

function reasonOf(node: XmlNode | undefined): { code: string | null; text: string | null } {
  const info = all(node, "StsRsnInf");
  const first = info[0];
  const code = textAt(first, "Rsn", "Cd") ?? textAt(first, "Rsn", "Prtry");
  const text = info.flatMap((i) => textsAt(i, "AddtlInf")).join(" ") || null;
  return { code, text };
}

/** pain.002.001.NN's version, or null when the text is no pain.002 document. */
export function sniffPain002(text: string): string | null {
  const m = NAMESPACE.exec(text.slice(0, 4096));
  return m ? m[1] : null;
}

/** One OrgnlPmtInfAndSts: its own status, and each TxInfAndSts with the status that applies to it. */
function readPaymentInformation(
  pmt: XmlNode,
  groupStatus: string | null,
  groupReason: { code: string | null; text: string | null },
) {
  const pmtId = textAt(pmt, "OrgnlPmtInfId");
  const pmtStatus = textAt(pmt, "PmtInfSts");
  const pmtReason = reasonOf(pmt);
  const transactions = all(pmt, "TxInfAndSts").map((tx): TransactionStatus => {
    const own = textAt(tx, "TxSts");
    const level = own ? "transaction" : pmtStatus ? "payment_information" : "group";
    const status = own ?? pmtStatus ?? groupStatus ?? "PDNG";
    const reason = own ? reasonOf(tx) : pmtStatus ? pmtReason : groupReason;
    return {
      endToEndId: textAt(tx, "OrgnlEndToEndId"),
      instructionId: textAt(tx, "OrgnlInstrId"),
      paymentInformationId: pmtId,
      status,
      outcome: outcomeOf(status),
      reasonCode: reason.code,
      reasonText: reason.text,
      level,
    };
  });
  return {
    info: { id: pmtId, status: pmtStatus, reasonCode: pmtReason.code, reasonText: pmtReason.text },
    transactions,
  };
}

export function parsePain002(text: string): StatusReport {
  const version = sniffPain002(text);
  if (!version) throw malformed("not a pain.002 document (namespace urn:iso:std:iso:20022:tech:xsd:pain.002.001.NN)");
  if (!PAIN002_VERSIONS.includes(version))
    throw malformed(`pain.002.001.${version} is not read; versions .001.03 to .001.10 are`, { version });
  const report = at(parseXml(text), "Document", "CstmrPmtStsRpt");
  if (!report) throw malformed("a pain.002 document must hold Document/CstmrPmtStsRpt");
  const group = at(report, "OrgnlGrpInfAndSts");
  const groupStatus = textAt(group, "GrpSts");
  const groupReason = reasonOf(group);
  const paymentInformation: StatusReport["paymentInformation"] = [];
  const transactions: TransactionStatus[] = [];
  for (const pmt of all(report, "OrgnlPmtInfAndSts")) {
    const read = readPaymentInformation(pmt, groupStatus, groupReason);
    paymentInformation.push(read.info);
    transactions.push(...read.transactions);
  }
  return {
    version,
    messageId: textAt(report, "GrpHdr", "MsgId"),
    createdAt: textAt(report, "GrpHdr", "CreDtTm"),
    originalMessageId: textAt(group, "OrgnlMsgId"),
    originalMessageName: textAt(group, "OrgnlMsgNmId"),
    groupStatus,
    groupReason,
    paymentInformation,
    transactions,
  };
}

/**
 * The status of each payment of a file the report answers, by end-to-end id: the transaction's own
 * entry, else its payment information's status, else the group's; a payment the report does not
 * reach keeps no status (absent from the map).
 */
export function statusesFor(
  report: StatusReport,
  payments: { endToEndId: string; paymentInformationId: string }[],
): Map<string, Omit<TransactionStatus, "endToEndId" | "instructionId">> {
  const out = new Map<string, Omit<TransactionStatus, "endToEndId" | "instructionId">>();
  const own = new Map(report.transactions.flatMap((t) => (t.endToEndId ? [[t.endToEndId, t] as const] : [])));
  const byInstruction = new Map(
    report.transactions.flatMap((t) => (t.instructionId ? [[t.instructionId, t] as const] : [])),
  );
  for (const p of payments) {
    const t = own.get(p.endToEndId) ?? byInstruction.get(p.endToEndId);
    if (t) {
      out.set(p.endToEndId, {
        paymentInformationId: t.paymentInformationId,
        status: t.status,
        outcome: t.outcome,
        reasonCode: t.reasonCode,
        reasonText: t.reasonText,
        level: t.level,
      });
      continue;
    }
    const pmt = report.paymentInformation.find((i) => i.id === p.paymentInformationId && i.status);
    if (pmt?.status && pmt.status !== "PART") {
      out.set(p.endToEndId, {
        paymentInformationId: pmt.id,
        status: pmt.status,
        outcome: outcomeOf(pmt.status),
        reasonCode: pmt.reasonCode,
        reasonText: pmt.reasonText,
        level: "payment_information",
      });
      continue;
    }
    if (report.groupStatus && report.groupStatus !== "PART")
      out.set(p.endToEndId, {
        paymentInformationId: p.paymentInformationId,
        status: report.groupStatus,
        outcome: outcomeOf(report.groupStatus),
        reasonCode: report.groupReason.code,
        reasonText: report.groupReason.text,
        level: "group",
      });
  }
  return out;
}
