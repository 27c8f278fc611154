// Approvals (issue #44, docs/approvals.md): the writes API keys stage for a person (approval
// requests), the company's approval settings, and each approver's inbox. The attest of supplier
// invoices and its rules belong to the supplier-invoices domain; the inbox reads them from there.
// Owns: approval_requests, approval_settings.
export { registerApprovalRoutes } from "./routes";
export { approveRequest, rejectRequest, stageWrite, updateApprovalSettings } from "./requests/commands";
