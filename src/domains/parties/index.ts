// Parties: the register core customers and suppliers share (they were written twice):
// loading rows, the organisation number's uniqueness, the contact fields of a row, a
// patch and the JSON, and the plans of create, bulk create, update and archive. Each
// register keeps its own identity rules, its table (handed in) and its named commands.
// Owns no table.
export {
  archivedPlan,
  bulkCreatedPlan,
  contactPatch,
  contactRow,
  createdPlan,
  updatedPlan,
  type ContactInput,
  type PartyCreate,
} from "./commands";
export {
  assertOrgNumberFree,
  loadParty,
  partiesByIds,
  partyContactJson,
  type PartyContact,
  type Register,
} from "./queries";
export { PartyContactJsonFields } from "./schemas";
