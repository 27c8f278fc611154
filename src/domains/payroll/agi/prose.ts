// The OpenAPI descriptions of the payroll agi routes and schemas (routes.ts, schemas.ts), kept out of their constants.
import { prose } from "../../../http/prose";

export const PROSE = {
  generateAgi: prose`
    Booked only (CONFLICT otherwise). Skatteverket's arbetsgivardeklaration file, schema 1.1,
    for the run's period_year and period_month (not the payment date): the HU with total
    contributions (487) and total tax (497), one IU per employee (F-skatt holders excepted) with
    a stable specification number (570) and the fields 011/131 cash pay, 012/013/015
    (132/133/139) benefits, 001 or 274 tax, 050 and 051 boxes. Stored and returned (201 the
    first time, 200 when generated again); refused with CONFLICT once a submission reference is
    recorded. The body is optional: the contact person (Kontaktperson) is the body's contact,
    else the company's settings.payroll_contact, else 400 AGI_CONTACT_MISSING. The service never
    submits it. Emits agi.generated.
  `,
  recordAgiSubmission: prose`
    submission_reference: Skatteverket's confirmation number, stored with the time it was
    recorded; the AGI is then no longer generated again. 404 NOT_FOUND before generate-agi.
  `,
  contact: prose`
    the employer's contact person for the declaration (Kontaktperson); default: the company's
    settings.payroll_contact; neither: AGI_CONTACT_MISSING
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  generateAgi: {
    summary: "Generate the AGI XML of a booked run (not submitted)",
    description: PROSE.generateAgi,
  },
  getAgi: {
    summary: "The stored AGI of a run, with its XML",
    description: "404 NOT_FOUND until generate-agi. ?format=xml answers the file itself (application/xml, attachment).",
  },
  recordAgiSubmission: {
    summary: "Record the submission reference of the AGI",
    description: PROSE.recordAgiSubmission,
  },
};
