// One area of the error catalogue (src/errors/catalogue.ts). Approvals: the attest of supplier
// invoices and the writes an API key stages for a person (docs/approvals.md).
import { type CatalogueEntry, e } from "./entry";

export const APPROVALS_ERRORS = {
  APPROVAL_RULE_NOT_FOUND: e(404, "Attestregeln finns inte.", "The approval rule does not exist."),
  APPROVAL_RULE_APPROVER_NOT_MEMBER: e(
    400,
    "En attestant är inte medlem i företaget (eller bara läsbehörig).",
    "An approver is not a member of the company (or only a viewer).",
    "details.user_ids lists the users; add them as members first (POST .../members).",
  ),
  APPROVAL_NOT_PENDING: e(
    409,
    "Leverantörsfakturan väntar inte på attest.",
    "The supplier invoice is not waiting for approval.",
    "details.approval_status says where it is: a rejected invoice is resubmitted by POST .../resubmit.",
  ),
  APPROVAL_NOT_APPROVER: e(
    403,
    "Du är inte attestant för fakturans aktuella steg.",
    "You are not an approver of the invoice's current step.",
    "details.approvers lists who may approve the current step.",
  ),
  APPROVAL_OUT_OF_ORDER: e(
    409,
    "Ett tidigare attesteringssteg är inte klart; attesten tas i tur och ordning.",
    "An earlier approval step is not done: this rule takes its steps in order.",
    "details.current_step and details.approvers say whose approval comes first.",
  ),
  APPROVAL_FOUR_EYES: e(
    403,
    "Den som registrerade fakturan får inte attestera den (fyraögonsprincipen).",
    "Whoever registered the invoice may not approve it (four eyes).",
    "Another approver of the step approves it.",
  ),
  APPROVAL_ALREADY_GIVEN: e(
    409,
    "Du har redan attesterat fakturan i denna omgång.",
    "You have already approved this invoice in this round.",
  ),
  APPROVAL_RESUBMIT_NOT_REJECTED: e(
    409,
    "Bara en avvisad faktura kan skickas på attest igen.",
    "Only a rejected invoice can be resubmitted for approval.",
  ),
  APPROVAL_REQUEST_NOT_FOUND: e(404, "Godkännandebegäran finns inte.", "The approval request does not exist."),
  APPROVAL_REQUEST_NOT_PENDING: e(
    409,
    "Godkännandebegäran är redan avgjord.",
    "The approval request has already been decided.",
    "details.status says how it was decided.",
  ),
  APPROVAL_REQUEST_NOT_APPROVER: e(
    403,
    "Du är inte utsedd att godkänna denna begäran.",
    "You are not one of the approvers of this request.",
    "details.approvers lists who may approve it.",
  ),
  APPROVAL_REQUEST_NO_LONGER_APPLIES: e(
    409,
    "Bokföringen har ändrats sedan begäran skapades; skrivningen gäller inte längre och gjordes inte.",
    "The books changed since the request was made: the write no longer applies and nothing was written.",
    "details.cause is the refusal the write now gets, or details.reason says what differs from the preview; " +
      "reject the request and have the write made again.",
  ),
  APPROVAL_REQUEST_NOT_STAGEABLE: e(
    400,
    "Skrivningen kan inte ställas i kö för godkännande (den har ett externt steg).",
    "This write cannot be staged for approval: it has a step outside the books (an email, a directory change).",
  ),
} satisfies Record<string, CatalogueEntry>;
