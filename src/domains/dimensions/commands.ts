// Dimensions (SIE #DIM/#OBJEKT): a dimension has a number and a name, and codes
// (objects) that lines and invoices refer to. Codes are archived, never deleted,
// because posted lines keep referring to them.
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Command } from "../../commands/plan";
import type { Database } from "../../db/client";
import { dimensionCodes, dimensions } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import type { CodeCreateInput, CodePatchInput, DimensionCreateInput, DimensionPatchInput } from "./schemas";

type DimensionRow = typeof dimensions.$inferSelect;
type CodeRow = typeof dimensionCodes.$inferSelect;

export function codeJson(c: CodeRow) {
  return { code: c.code, name: c.name, archived_at: c.archivedAt, created_at: c.createdAt, updated_at: c.updatedAt };
}

export function dimensionJson(d: DimensionRow, codes: CodeRow[]) {
  return {
    id: d.dimensionId,
    name: d.name,
    archived_at: d.archivedAt,
    created_at: d.createdAt,
    updated_at: d.updatedAt,
    codes: codes.filter((c) => c.dimensionId === d.dimensionId).map(codeJson),
  };
}

export async function listDimensions(db: Database, companyId: string, includeArchived: boolean) {
  const dims = await db
    .select()
    .from(dimensions)
    .where(and(eq(dimensions.companyId, companyId), includeArchived ? undefined : isNull(dimensions.archivedAt)))
    .orderBy(asc(dimensions.dimensionId))
    .all();
  const codes = await db
    .select()
    .from(dimensionCodes)
    .where(
      and(eq(dimensionCodes.companyId, companyId), includeArchived ? undefined : isNull(dimensionCodes.archivedAt)),
    )
    .orderBy(asc(dimensionCodes.dimensionId), asc(dimensionCodes.code))
    .all();
  return dims.map((d) => dimensionJson(d, codes));
}

async function loadDimension(db: Database, companyId: string, id: number) {
  const d = await db
    .select()
    .from(dimensions)
    .where(and(eq(dimensions.companyId, companyId), eq(dimensions.dimensionId, id)))
    .get();
  if (!d) throw new ApiError("NOT_FOUND", { resource: "dimension", id });
  return d;
}

export const createDimension: Command<DimensionCreateInput> = async (db, input, ctx) => {
  if (
    await db
      .select()
      .from(dimensions)
      .where(and(eq(dimensions.companyId, ctx.companyId), eq(dimensions.dimensionId, input.id)))
      .get()
  ) {
    throw new ApiError("CONFLICT", { id: input.id }, "A dimension with this id already exists.");
  }
  const row: DimensionRow = {
    companyId: ctx.companyId,
    dimensionId: input.id,
    name: input.name,
    archivedAt: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  return {
    status: 201,
    data: dimensionJson(row, []),
    statements: [db.insert(dimensions).values(row)],
    audit: { action: "dimension.created", resourceType: "dimension", resourceId: String(input.id) },
  };
};

export const updateDimension: Command<DimensionPatchInput & { id: number }> = async (db, input, ctx) => {
  const d = await loadDimension(db, ctx.companyId, input.id);
  const patch = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.archived !== undefined && { archivedAt: input.archived ? (d.archivedAt ?? ctx.now) : null }),
    updatedAt: ctx.now,
  };
  const codes = await db
    .select()
    .from(dimensionCodes)
    .where(and(eq(dimensionCodes.companyId, ctx.companyId), eq(dimensionCodes.dimensionId, input.id)))
    .all();
  return {
    status: 200,
    data: dimensionJson({ ...d, ...patch }, codes),
    statements: [
      db
        .update(dimensions)
        .set(patch)
        .where(and(eq(dimensions.companyId, ctx.companyId), eq(dimensions.dimensionId, input.id))),
    ],
    audit: { action: "dimension.updated", resourceType: "dimension", resourceId: String(input.id) },
  };
};

export const createCode: Command<CodeCreateInput & { id: number }> = async (db, input, ctx) => {
  await loadDimension(db, ctx.companyId, input.id);
  const existing = await db
    .select()
    .from(dimensionCodes)
    .where(
      and(
        eq(dimensionCodes.companyId, ctx.companyId),
        eq(dimensionCodes.dimensionId, input.id),
        eq(dimensionCodes.code, input.code),
      ),
    )
    .get();
  if (existing)
    throw new ApiError("CONFLICT", { id: input.id, code: input.code }, "This code already exists in the dimension.");
  const row: CodeRow = {
    companyId: ctx.companyId,
    dimensionId: input.id,
    code: input.code,
    name: input.name,
    archivedAt: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  return {
    status: 201,
    data: codeJson(row),
    statements: [db.insert(dimensionCodes).values(row)],
    audit: {
      action: "dimension_code.created",
      resourceType: "dimension_code",
      resourceId: `${input.id}/${input.code}`,
    },
  };
};

export const updateCode: Command<CodePatchInput & { id: number; code: string }> = async (db, input, ctx) => {
  const where = and(
    eq(dimensionCodes.companyId, ctx.companyId),
    eq(dimensionCodes.dimensionId, input.id),
    eq(dimensionCodes.code, input.code),
  );
  const c = await db.select().from(dimensionCodes).where(where).get();
  if (!c) throw new ApiError("NOT_FOUND", { resource: "dimension_code", id: input.id, code: input.code });
  const patch = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.archived !== undefined && { archivedAt: input.archived ? (c.archivedAt ?? ctx.now) : null }),
    updatedAt: ctx.now,
  };
  return {
    status: 200,
    data: codeJson({ ...c, ...patch }),
    statements: [db.update(dimensionCodes).set(patch).where(where)],
    audit: {
      action: "dimension_code.updated",
      resourceType: "dimension_code",
      resourceId: `${input.id}/${input.code}`,
    },
  };
};
