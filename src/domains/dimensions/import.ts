// The dimensions (#DIM) and objects (#OBJEKT) an imported SIE file names or uses
// that the company lacks, added so that every imported line's object exists.
import { eq } from "drizzle-orm";
import type { CommandContext, Statement } from "../../commands/plan";
import type { Database } from "../../db/client";
import { dimensionCodes, dimensions } from "../../db/schema";

export interface ImportedDimensions {
  /** #DIM: id -> name */
  dimensions: Record<string, string>;
  /** #OBJEKT and every object a line uses: "dimension/code" -> name (may be empty) */
  objects: Record<string, string>;
}

export async function planImportedDimensions(db: Database, ctx: CommandContext, file: ImportedDimensions) {
  const [dims, codes] = await db.batch([
    db.select().from(dimensions).where(eq(dimensions.companyId, ctx.companyId)),
    db.select().from(dimensionCodes).where(eq(dimensionCodes.companyId, ctx.companyId)),
  ]);
  const haveDims = new Set(dims.map((d) => d.dimensionId));
  const haveCodes = new Set(codes.map((c) => `${c.dimensionId}/${c.code}`));
  const neededDims = new Set<number>([
    ...Object.keys(file.dimensions).map(Number),
    ...Object.keys(file.objects).map((k) => Number(k.split("/")[0])),
  ]);
  const statements: Statement[] = [];
  let dimensionsCreated = 0;
  let objectsCreated = 0;
  for (const d of [...neededDims].sort((a, b) => a - b)) {
    if (haveDims.has(d)) continue;
    dimensionsCreated++;
    statements.push(
      db.insert(dimensions).values({
        companyId: ctx.companyId,
        dimensionId: d,
        name: file.dimensions[d] || `Dimension ${d}`,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      }),
    );
  }
  for (const key of Object.keys(file.objects).sort()) {
    if (haveCodes.has(key)) continue;
    objectsCreated++;
    const [d, ...rest] = key.split("/");
    const code = rest.join("/");
    statements.push(
      db.insert(dimensionCodes).values({
        companyId: ctx.companyId,
        dimensionId: Number(d),
        code,
        name: file.objects[key] || code,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      }),
    );
  }
  return { statements, dimensionsCreated, objectsCreated };
}
