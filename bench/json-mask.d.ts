// Types for json-mask 2 (CommonJS, untyped): `mask(value, text)`, plus its two halves.
declare module "json-mask" {
  /** A mask compiled by `mask.compile`: names mapped to their type and sub-mask. */
  interface CompiledMask {
    readonly [name: string]: {
      readonly type: "object" | "array";
      readonly isWildcard?: boolean;
      readonly properties?: CompiledMask;
    };
  }

  /** Compiles `text` and filters `value` by it; returns `null` for an empty result. */
  function mask(value: unknown, text: string): unknown;

  namespace mask {
    function compile(text: string): CompiledMask | null;
    function filter(value: unknown, compiled: CompiledMask | null): unknown;
  }

  export = mask;
}
