// pain.001.001.03 (src/sweden/payments/pain001.ts): built, parsed back with fast-xml-parser and
// checked field by field for each kind of creditor account and reference.
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { amountText, pain001Xml, type Pain001Input } from "../../src/sweden/payments/pain001";

const parse = (xml: string) =>
  new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    parseTagValue: false,
    isArray: (n) => n === "PmtInf" || n === "CdtTrfTxInf",
  }).parse(xml).Document;

const input: Pain001Input = {
  messageId: "MSG-20260425-0001",
  createdAt: "2026-04-24T10:00:00",
  initiatingParty: { name: "Lönebolaget AB", orgNumber: "556016-0680" },
  batches: [
    {
      id: "BATCH-1",
      executionDate: "2026-04-27",
      categoryPurpose: "SUPP",
      debtorName: "Lönebolaget AB",
      debtorAccount: { kind: "iban", iban: "SE45 5000 0000 0583 9825 7466" },
      debtorBic: "ESSESESS",
      transfers: [
        {
          endToEndId: "BG-1",
          amountOre: 1_250_050,
          creditorName: "Leverantören AB",
          account: { kind: "bankgiro", number: "5050-1055" },
          remittance: { ocr: "1234 5678 97" },
        },
        {
          endToEndId: "PG-1",
          amountOre: 99_900,
          creditorName: "Plusgirot Kund & Co",
          account: { kind: "plusgiro", number: "4 78 90-3" },
          remittance: { message: "Faktura 4711" },
        },
        {
          endToEndId: "BA-1",
          amountOre: 500_000,
          creditorName: "Åkeriet i Örebro",
          account: { kind: "bank_account", clearing: "8327-9", account: "12 345 678-9" },
        },
        {
          endToEndId: "IBAN-1",
          amountOre: 1,
          creditorName: "Deutsche Lieferant GmbH",
          account: { kind: "iban", iban: "de89 3704 0044 0532 0130 00", bic: "cobadeffxxx" },
          remittance: { message: "Invoice 99" },
        },
      ],
    },
  ],
};

describe("pain.001.001.03", () => {
  it("writes the group header, the batch and every kind of creditor, and reads back the same", () => {
    const { xml, transactionCount, controlSumOre } = pain001Xml(input);
    expect([transactionCount, controlSumOre]).toEqual([4, 1_849_951]);
    const d = parse(xml);
    expect(d["@_xmlns"]).toBe("urn:iso:std:iso:20022:tech:xsd:pain.001.001.03");
    const root = d.CstmrCdtTrfInitn;
    expect(Object.keys(root)).toEqual(["GrpHdr", "PmtInf"]);
    expect(root.GrpHdr).toEqual({
      MsgId: "MSG-20260425-0001",
      CreDtTm: "2026-04-24T10:00:00",
      NbOfTxs: "4",
      CtrlSum: "18499.51",
      InitgPty: { Nm: "Lönebolaget AB", Id: { OrgId: { Othr: { Id: "5560160680", SchmeNm: { Cd: "BANK" } } } } },
    });
    const p = root.PmtInf[0];
    expect(Object.keys(p)).toEqual([
      "PmtInfId",
      "PmtMtd",
      "NbOfTxs",
      "CtrlSum",
      "PmtTpInf",
      "ReqdExctnDt",
      "Dbtr",
      "DbtrAcct",
      "DbtrAgt",
      "ChrgBr",
      "CdtTrfTxInf",
    ]);
    expect(p).toMatchObject({
      PmtInfId: "BATCH-1",
      PmtMtd: "TRF",
      NbOfTxs: "4",
      CtrlSum: "18499.51",
      PmtTpInf: { SvcLvl: { Cd: "NURG" }, CtgyPurp: { Cd: "SUPP" } },
      ReqdExctnDt: "2026-04-27",
      Dbtr: { Nm: "Lönebolaget AB" },
      DbtrAcct: { Id: { IBAN: "SE4550000000058398257466" }, Ccy: "SEK" },
      DbtrAgt: { FinInstnId: { BIC: "ESSESESS" } },
      ChrgBr: "SLEV",
    });
    const [bg, pg, ba, iban] = p.CdtTrfTxInf;
    expect(bg).toEqual({
      PmtId: { EndToEndId: "BG-1" },
      Amt: { InstdAmt: { "@_Ccy": "SEK", "#text": "12500.50" } },
      CdtrAgt: { FinInstnId: { ClrSysMmbId: { ClrSysId: { Cd: "SESBA" }, MmbId: "9900" } } },
      Cdtr: { Nm: "Leverantören AB" },
      CdtrAcct: { Id: { Othr: { Id: "50501055", SchmeNm: { Prtry: "BGNR" } } } },
      RmtInf: { Strd: { CdtrRefInf: { Tp: { CdOrPrtry: { Cd: "SCOR" } }, Ref: "1234567897" } } },
    });
    expect(pg).toEqual({
      PmtId: { EndToEndId: "PG-1" },
      Amt: { InstdAmt: { "@_Ccy": "SEK", "#text": "999.00" } },
      CdtrAgt: { FinInstnId: { ClrSysMmbId: { ClrSysId: { Cd: "SESBA" }, MmbId: "9960" } } },
      Cdtr: { Nm: "Plusgirot Kund Co" },
      CdtrAcct: { Id: { Othr: { Id: "478903", SchmeNm: { Cd: "BBAN" } } } },
      RmtInf: { Ustrd: "Faktura 4711" },
    });
    expect(ba).toEqual({
      PmtId: { EndToEndId: "BA-1" },
      Amt: { InstdAmt: { "@_Ccy": "SEK", "#text": "5000.00" } },
      CdtrAgt: { FinInstnId: { ClrSysMmbId: { ClrSysId: { Cd: "SESBA" }, MmbId: "8327" } } },
      Cdtr: { Nm: "Åkeriet i Örebro" },
      CdtrAcct: { Id: { Othr: { Id: "83279123456789", SchmeNm: { Cd: "BBAN" } } } },
    });
    expect(iban).toEqual({
      PmtId: { EndToEndId: "IBAN-1" },
      Amt: { InstdAmt: { "@_Ccy": "SEK", "#text": "0.01" } },
      CdtrAgt: { FinInstnId: { BIC: "COBADEFFXXX" } },
      Cdtr: { Nm: "Deutsche Lieferant GmbH" },
      CdtrAcct: { Id: { IBAN: "DE89370400440532013000" } },
      RmtInf: { Ustrd: "Invoice 99" },
    });
  });

  it("marks salaries SALA, gives a debtor without BIC NOTPROVIDED, and a Swedish debtor account as BBAN", () => {
    const d = parse(
      pain001Xml({
        ...input,
        initiatingParty: { name: "X AB", orgNumber: null },
        batches: [
          {
            ...input.batches[0],
            categoryPurpose: "SALA",
            debtorBic: null,
            debtorAccount: { kind: "bank_account", clearing: "6000", account: "123456789" },
            transfers: [input.batches[0].transfers[2]],
          },
        ],
      }).xml,
    );
    expect(d.CstmrCdtTrfInitn.GrpHdr.InitgPty).toEqual({ Nm: "X AB" });
    const p = d.CstmrCdtTrfInitn.PmtInf[0];
    expect(p.PmtTpInf.CtgyPurp.Cd).toBe("SALA");
    expect(p.DbtrAgt).toEqual({ FinInstnId: { Othr: { Id: "NOTPROVIDED" } } });
    expect(p.DbtrAcct).toEqual({ Id: { Othr: { Id: "6000123456789", SchmeNm: { Cd: "BBAN" } } }, Ccy: "SEK" });
  });

  it("refuses what a bank would refuse", () => {
    expect(amountText(123456)).toBe("1234.56");
    expect(() => amountText(0)).toThrow(RangeError);
    expect(() => amountText(-5)).toThrow(RangeError);
    expect(() => pain001Xml({ ...input, batches: [{ ...input.batches[0], transfers: [] }] })).toThrow(/at least one/);
    expect(() => pain001Xml({ ...input, messageId: "M".repeat(36) })).toThrow(RangeError);
    const t = input.batches[0].transfers[0];
    expect(() => pain001Xml({ ...input, batches: [{ ...input.batches[0], transfers: [t, t] }] })).toThrow(/unique/);
  });
});
