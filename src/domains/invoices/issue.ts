// What send.ts reads of ./issue/commands, at the path send.ts names: send.ts, email.ts and
// peppol-delivery*.ts are being changed on the write-path branch (issue #42), so they
// keep their imports until that lands; then this file goes and send.ts imports the room.
export { type Issued, Issuer, issuedPlan, planIssue } from "./issue/commands";
