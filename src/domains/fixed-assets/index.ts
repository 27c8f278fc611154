// Fixed assets (anläggningsregister, docs/fixed-assets.md): the register, depreciation runs by
// plan, disposals and sales, and the register report checked against the ledger.
// Owns: fixed_assets, depreciation_runs, fixed_asset_depreciations, tax_depreciations.
export { registerFixedAssetRoutes } from "./routes";
export { createDepreciationRun, disposeFixedAsset, registerFixedAsset } from "./commands";
export { createTaxDepreciation } from "./tax";
export { assetsWithDepreciations } from "./queries";
