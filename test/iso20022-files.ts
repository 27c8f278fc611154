// The bank's ISO 20022 files as a Swedish bank writes them (ISO 20022 message definitions
// pain.002.001.03, camt.054.001.02, camt.053.001.02), and the pain.001 the API writes read back,
// for the tests of the payment loop (issue #44, docs/payment-loop.md). Every date of a file lies
// in one month: bankFiles(month) gives the builders for it.
import { XMLParser } from "fast-xml-parser";

/** Öre as the files write kronor: 1234567 -> "12345.67". */
export const kr = (o: number) => (o / 100).toFixed(2);

/** A pain.001's CstmrCdtTrfInitn, PmtInf and CdtTrfTxInf always arrays. */
export const parsePain001 = (xml: string) =>
  new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    parseTagValue: false,
    isArray: (n) => n === "PmtInf" || n === "CdtTrfTxInf",
  }).parse(xml).Document.CstmrCdtTrfInitn;

/** One booked entry of a camt.054 or camt.053. */
export interface Entry {
  ref: string;
  amountOre: number;
  debit: boolean;
  date: string;
  e2e?: string;
  instructed?: { ccy: string; ore: number };
  party?: string;
  scor?: string;
  ustrd?: string;
}

function ntry(e: Entry) {
  const amtDtls = e.instructed
    ? `<AmtDtls><InstdAmt><Amt Ccy="${e.instructed.ccy}">${kr(e.instructed.ore)}</Amt></InstdAmt></AmtDtls>`
    : "";
  const party = e.party
    ? `<RltdPties><${e.debit ? "Cdtr" : "Dbtr"}><Nm>${e.party}</Nm></${e.debit ? "Cdtr" : "Dbtr"}></RltdPties>`
    : "";
  const rmt = e.scor
    ? `<RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${e.scor}</Ref></CdtrRefInf></Strd></RmtInf>`
    : e.ustrd
      ? `<RmtInf><Ustrd>${e.ustrd}</Ustrd></RmtInf>`
      : "";
  return `
    <Ntry>
      <Amt Ccy="SEK">${kr(e.amountOre)}</Amt><CdtDbtInd>${e.debit ? "DBIT" : "CRDT"}</CdtDbtInd><Sts>BOOK</Sts>
      <BookgDt><Dt>${e.date}</Dt></BookgDt><ValDt><Dt>${e.date}</Dt></ValDt><AcctSvcrRef>${e.ref}</AcctSvcrRef>
      <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${e.debit ? "ICDT" : "RCDT"}</Cd><SubFmlyCd>DMCT</SubFmlyCd></Fmly></Domn></BkTxCd>
      <NtryDtls><TxDtls><Refs><EndToEndId>${e.e2e ?? "NOTPROVIDED"}</EndToEndId></Refs>${amtDtls}${party}${rmt}</TxDtls></NtryDtls>
    </Ntry>`;
}

const ACCOUNT = `<Acct><Id><IBAN>SE4550000000058398257466</IBAN></Id><Ccy>SEK</Ccy></Acct>`;

/** The builders of the bank's files of month `M` (YYYY-MM). */
export function bankFiles(M: string) {
  const d = (n: number) => `${M}-${String(n).padStart(2, "0")}`;

  /** A status report on a batch: [end-to-end id, TxSts, reason code?] per payment. */
  function pain002(batch: { message_id: string; payment_information_id: string }, txs: [string, string, string?][]) {
    const tx = txs
      .map(
        ([e2e, status, reason]) => `
        <TxInfAndSts>
          <StsId>S-${e2e.slice(0, 8)}</StsId>
          <OrgnlEndToEndId>${e2e}</OrgnlEndToEndId>
          <TxSts>${status}</TxSts>
          ${reason ? `<StsRsnInf><Rsn><Cd>${reason}</Cd></Rsn><AddtlInf>Kontot finns inte</AddtlInf></StsRsnInf>` : ""}
        </TxInfAndSts>`,
      )
      .join("");
    return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03">
  <CstmrPmtStsRpt>
    <GrpHdr><MsgId>STS-${batch.message_id.slice(2, 20)}</MsgId><CreDtTm>${d(19)}T08:00:00</CreDtTm></GrpHdr>
    <OrgnlGrpInfAndSts>
      <OrgnlMsgId>${batch.message_id}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.03</OrgnlMsgNmId><GrpSts>PART</GrpSts>
    </OrgnlGrpInfAndSts>
    <OrgnlPmtInfAndSts>
      <OrgnlPmtInfId>${batch.payment_information_id}</OrgnlPmtInfId>${tx}
    </OrgnlPmtInfAndSts>
  </CstmrPmtStsRpt>
</Document>`;
  }

  const camt054 = (entries: Entry[]) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>N-${M}</MsgId><CreDtTm>${d(20)}T18:00:00</CreDtTm></GrpHdr>
    <Ntfctn><Id>NTF-1</Id><CreDtTm>${d(20)}T18:00:00</CreDtTm>${ACCOUNT}${entries.map(ntry).join("")}</Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>`;

  const camt053 = (entries: Entry[]) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>S-${M}</MsgId><CreDtTm>${d(28)}T18:00:00</CreDtTm></GrpHdr>
    <Stmt><Id>STMT-${M}</Id><CreDtTm>${d(28)}T18:00:00</CreDtTm>${ACCOUNT}${entries.map(ntry).join("")}</Stmt>
  </BkToCstmrStmt>
</Document>`;

  return { d, pain002, camt054, camt053 };
}
