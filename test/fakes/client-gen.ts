// https://client-gen.test/schema: the test posts the OpenAPI document the Worker
// serves; this side (Node) generates the TypeScript client's types from it and answers
// them with the committed file. With CLIENT_GENERATE=write (npm run client:generate)
// it first writes the generated file in place.
import { committedSchema, generateSchema, writeSchema } from "../../clients/typescript/scripts/schema-gen.mjs";

export async function fakeClientGen(request: Request): Promise<Response> {
  const generated: string = await generateSchema(await request.text());
  if (process.env.CLIENT_GENERATE === "write") writeSchema(generated);
  return Response.json({ generated, committed: committedSchema() });
}
