// Types of scripts/dev-output.mjs, for its unit test (test/unit/dev-output.test.ts).
export function devOutputFilter(shared?: { cfNoted: boolean }): (line: string) => string[];
export function pipeFiltered(
  stream: NodeJS.ReadableStream,
  out: NodeJS.WritableStream,
  filter?: (line: string) => string[],
): void;
