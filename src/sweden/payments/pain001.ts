// ISO 20022 customer credit transfer initiation, pain.001.001.03, as Swedish banks take it: pure,
// no I/O. Builds the file from payments in öre.
//
// Sources:
// - ISO 20022 message definition pain.001.001.03 (CustomerCreditTransferInitiationV03), namespace
//   urn:iso:std:iso:20022:tech:xsd:pain.001.001.03: GrpHdr (MsgId, CreDtTm, NbOfTxs, CtrlSum,
//   InitgPty), PmtInf (PmtInfId, PmtMtd TRF, NbOfTxs, CtrlSum, PmtTpInf, ReqdExctnDt, Dbtr, DbtrAcct,
//   DbtrAgt, ChrgBr, CdtTrfTxInf...), in that order; identifiers at most 35 characters.
// - "Swedish Implementation Guidelines, ISO 20022 Payments" (Svenska Bankföreningen / the Swedish
//   banks, credit transfers, pain.001.001.03):
//   * a Swedish bank account: CdtrAgt/FinInstnId/ClrSysMmbId with ClrSysId/Cd SESBA and the clearing
//     number as MmbId; CdtrAcct/Id/Othr/Id the clearing and account number, SchmeNm/Cd BBAN;
//   * Bankgiro: CdtrAcct/Id/Othr/Id the number, SchmeNm/Prtry BGNR; CdtrAgt SESBA 9900;
//   * Plusgiro: CdtrAcct/Id/Othr/Id the number, SchmeNm/Cd BBAN; CdtrAgt SESBA 9960;
//   * IBAN: CdtrAcct/Id/IBAN, CdtrAgt/FinInstnId/BIC when known;
//   * OCR reference: RmtInf/Strd/CdtrRefInf/Tp/CdOrPrtry/Cd SCOR with Ref; a message: RmtInf/Ustrd;
//   * salaries: PmtTpInf/CtgyPurp/Cd SALA; supplier payments SUPP.
// - DbtrAgt without a known BIC: FinInstnId/Othr/Id NOTPROVIDED (the ISO usage rule).
import { XMLBuilder } from "fast-xml-parser";

export const PAIN001_NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:pain.001.001.03";

export type DebtorAccount =
  | { kind: "iban"; iban: string }
  | { kind: "bank_account"; clearing: string; account: string }
  | { kind: "bankgiro"; number: string };
export type CreditorAccount =
  | { kind: "bank_account"; clearing: string; account: string }
  | { kind: "iban"; iban: string; bic?: string | null }
  | { kind: "bankgiro"; number: string }
  | { kind: "plusgiro"; number: string };
export type Remittance = { ocr: string } | { message: string };

export interface CreditTransfer {
  /** At most 35 characters, unique within the file. */
  endToEndId: string;
  amountOre: number;
  /** ISO 4217; default SEK. */
  currency?: string;
  creditorName: string;
  account: CreditorAccount;
  remittance?: Remittance;
}

export interface PaymentBatch {
  /** At most 35 characters. */
  id: string;
  executionDate: string;
  categoryPurpose: "SALA" | "SUPP";
  debtorName: string;
  debtorAccount: DebtorAccount;
  debtorBic?: string | null;
  transfers: CreditTransfer[];
}

export interface Pain001Input {
  /** At most 35 characters. */
  messageId: string;
  /** YYYY-MM-DDTHH:MM:SS */
  createdAt: string;
  initiatingParty: { name: string; orgNumber: string | null };
  batches: PaymentBatch[];
}

/**
 * The account a company pays from, from its settings: the IBAN, else the clearing and account
 * number, else the Bankgiro number; null when it has none.
 */
export function debtorAccountOf(s: {
  iban: string | null;
  bankClearingNumber: string | null;
  bankAccountNumber: string | null;
  bankgiro: string | null;
}): DebtorAccount | null {
  if (s.iban) return { kind: "iban", iban: s.iban };
  if (s.bankClearingNumber && s.bankAccountNumber)
    return { kind: "bank_account", clearing: s.bankClearingNumber, account: s.bankAccountNumber };
  if (s.bankgiro) return { kind: "bankgiro", number: s.bankgiro };
  return null;
}

const digits = (s: string) => s.replace(/\D/g, "");
const compact = (s: string) => s.replace(/\s/g, "").toUpperCase();

/** Öre as the file's decimal amount, "1234.50". */
export function amountText(ore: number): string {
  if (!Number.isSafeInteger(ore) || ore <= 0)
    throw new RangeError(`an amount must be whole öre above zero, got ${ore}`);
  return `${Math.floor(ore / 100)}.${String(ore % 100).padStart(2, "0")}`;
}

/** ISO 20022 text: at most `max` characters of the Latin set Swedish banks accept (Å, Ä, Ö are allowed). */
function text(s: string, max: number): string {
  return s
    .replace(/[^\p{L}\p{N} /\-?:().,'+]/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max);
}

function id35(s: string): string {
  if (!s || s.length > 35) throw new RangeError(`an identifier must have 1-35 characters, got ${JSON.stringify(s)}`);
  return s;
}

function clearingMember(mmbId: string) {
  return { ClrSysMmbId: { ClrSysId: { Cd: "SESBA" }, MmbId: mmbId } };
}

function creditorParts(a: CreditorAccount): {
  agent: Record<string, unknown> | null;
  account: Record<string, unknown>;
} {
  switch (a.kind) {
    case "bank_account": {
      const clearing = digits(a.clearing);
      return {
        agent: clearingMember(clearing.slice(0, 4)),
        account: { Id: { Othr: { Id: `${clearing}${digits(a.account)}`, SchmeNm: { Cd: "BBAN" } } } },
      };
    }
    case "bankgiro":
      return {
        agent: clearingMember("9900"),
        account: { Id: { Othr: { Id: digits(a.number), SchmeNm: { Prtry: "BGNR" } } } },
      };
    case "plusgiro":
      return {
        agent: clearingMember("9960"),
        account: { Id: { Othr: { Id: digits(a.number), SchmeNm: { Cd: "BBAN" } } } },
      };
    case "iban":
      return { agent: a.bic ? { BIC: compact(a.bic) } : null, account: { Id: { IBAN: compact(a.iban) } } };
  }
}

function debtorAccount(a: DebtorAccount) {
  switch (a.kind) {
    case "iban":
      return { Id: { IBAN: compact(a.iban) }, Ccy: "SEK" };
    case "bank_account":
      return { Id: { Othr: { Id: `${digits(a.clearing)}${digits(a.account)}`, SchmeNm: { Cd: "BBAN" } } }, Ccy: "SEK" };
    case "bankgiro":
      return { Id: { Othr: { Id: digits(a.number), SchmeNm: { Prtry: "BGNR" } } }, Ccy: "SEK" };
  }
}

function remittance(r: Remittance | undefined) {
  if (!r) return undefined;
  if ("ocr" in r) return { Strd: { CdtrRefInf: { Tp: { CdOrPrtry: { Cd: "SCOR" } }, Ref: digits(r.ocr) } } };
  return { Ustrd: text(r.message, 140) };
}

const sum = (ts: CreditTransfer[]) => ts.reduce((s, t) => s + t.amountOre, 0);

/** The pain.001.001.03 file (UTF-8) and its totals. */
export function pain001Xml(input: Pain001Input): { xml: string; transactionCount: number; controlSumOre: number } {
  const all = input.batches.flatMap((b) => b.transfers);
  if (all.length === 0) throw new RangeError("a payment file needs at least one transfer");
  const ends = new Set(all.map((t) => t.endToEndId));
  if (ends.size !== all.length) throw new RangeError("EndToEndId must be unique within the file");
  const orgId = input.initiatingParty.orgNumber ? digits(input.initiatingParty.orgNumber) : null;
  const doc = {
    "?xml": { "@_version": "1.0", "@_encoding": "UTF-8" },
    Document: {
      "@_xmlns": PAIN001_NAMESPACE,
      "@_xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
      CstmrCdtTrfInitn: {
        GrpHdr: {
          MsgId: id35(input.messageId),
          CreDtTm: input.createdAt,
          NbOfTxs: String(all.length),
          CtrlSum: amountText(sum(all)),
          InitgPty: {
            Nm: text(input.initiatingParty.name, 70),
            ...(orgId ? { Id: { OrgId: { Othr: { Id: orgId, SchmeNm: { Cd: "BANK" } } } } } : {}),
          },
        },
        PmtInf: input.batches.map((b) => ({
          PmtInfId: id35(b.id),
          PmtMtd: "TRF",
          NbOfTxs: String(b.transfers.length),
          CtrlSum: amountText(sum(b.transfers)),
          PmtTpInf: { SvcLvl: { Cd: "NURG" }, CtgyPurp: { Cd: b.categoryPurpose } },
          ReqdExctnDt: b.executionDate,
          Dbtr: { Nm: text(b.debtorName, 70) },
          DbtrAcct: debtorAccount(b.debtorAccount),
          DbtrAgt: { FinInstnId: b.debtorBic ? { BIC: compact(b.debtorBic) } : { Othr: { Id: "NOTPROVIDED" } } },
          ChrgBr: "SLEV",
          CdtTrfTxInf: b.transfers.map((t) => {
            const c = creditorParts(t.account);
            const rmt = remittance(t.remittance);
            return {
              PmtId: { EndToEndId: id35(t.endToEndId) },
              Amt: { InstdAmt: { "@_Ccy": t.currency ?? "SEK", "#text": amountText(t.amountOre) } },
              ...(c.agent ? { CdtrAgt: { FinInstnId: c.agent } } : {}),
              Cdtr: { Nm: text(t.creditorName, 70) },
              CdtrAcct: c.account,
              ...(rmt ? { RmtInf: rmt } : {}),
            };
          }),
        })),
      },
    },
  };
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    format: true,
    indentBy: "  ",
    processEntities: true,
  });
  return { xml: builder.build(doc) as string, transactionCount: all.length, controlSumOre: sum(all) };
}
