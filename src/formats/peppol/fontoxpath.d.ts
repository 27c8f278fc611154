// The part of fontoxpath's API the validator uses, typed here: the package's own
// declarations start with `/// <reference lib="dom" />`, which would pull the browser's DOM
// types into the Worker's program and clash with @cloudflare/workers-types. tsconfig.json
// maps the module name "fontoxpath" to this file (`paths`); the code is the package's.
type Options = {
  namespaceResolver?: (prefix: string) => string | null;
  moduleImports?: Record<string, string>;
};
type Variables = Record<string, unknown> | null;

export declare const evaluateXPath: {
  (
    selector: string,
    contextItem?: unknown,
    domFacade?: null,
    variables?: Variables,
    returnType?: number,
    options?: Options,
  ): unknown;
  ALL_RESULTS_TYPE: number;
  BOOLEAN_TYPE: number;
};
export declare function evaluateXPathToNodes<T>(
  selector: string,
  contextItem?: unknown,
  domFacade?: null,
  variables?: Variables,
  options?: Options,
): T[];
export declare function evaluateXPathToString(
  selector: string,
  contextItem?: unknown,
  domFacade?: null,
  variables?: Variables,
  options?: Options,
): string;
export declare function evaluateXPathToBoolean(
  selector: string,
  contextItem?: unknown,
  domFacade?: null,
  variables?: Variables,
  options?: Options,
): boolean;
export declare function registerXQueryModule(moduleString: string): string;
export declare function registerCustomXPathFunction(
  name: { localName: string; namespaceURI: string },
  signatureNames: string[],
  returnTypeName: string,
  // biome-ignore lint/suspicious/noExplicitAny: fontoxpath hands the arguments as the signature names them
  callback: (context: unknown, ...args: any[]) => unknown,
): void;
