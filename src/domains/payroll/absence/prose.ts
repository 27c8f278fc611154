// The OpenAPI descriptions of the payroll absence routes and schemas (routes.ts, schemas.ts), kept out of their constants.
import { prose } from "../../../http/prose";

export const PROSE = {
  listAbsence: prose`
    from and to inclusive, at most 92 days (400 ABSENCE_RANGE_TOO_LARGE); type filters one
    absence type. Ordered by date; no pagination.
  `,
  registerAbsence: prose`
    One row per calendar day from from_date to to_date (inclusive, weekends included, at most 92
    days: ABSENCE_RANGE_TOO_LARGE); hours for a single part day. Types: sick, vab, parental,
    vacation, leave_without_pay, leave_with_pay, study_leave, caring_for_relative,
    infection_carrier. A day that has an absence already, or a month whose run is calculated or
    later with the employee: CONFLICT. Calculate turns the month's days into sick pay,
    karensavdrag and deductions.
  `,
  updateAbsence: prose`
    hours null: the whole day. Refused with CONFLICT when the month's run with the employee is
    calculated or later.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  listAbsence: {
    summary: "An employee's absence days in a date range",
    description: PROSE.listAbsence,
  },
  registerAbsence: {
    summary: "Register absence: a day, part of a day (hours), or a range of calendar days",
    description: PROSE.registerAbsence,
  },
  updateAbsence: {
    summary: "Change an absence day (type, hours, notes)",
    description: PROSE.updateAbsence,
  },
  removeAbsence: {
    summary: "Remove an absence day",
    description: "Refused with CONFLICT when the month's run with the employee is calculated or later.",
  },
};
