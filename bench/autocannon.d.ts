// Types for autocannon 8 (CommonJS, untyped): the one call the http benchmark makes.
declare module "autocannon" {
  interface Options {
    readonly url: string;
    readonly connections: number;
    /** Seconds. */
    readonly duration: number;
    /** Sent in turn on each connection. */
    readonly requests?: readonly { readonly method: string; readonly path: string }[];
  }

  interface Result {
    readonly requests: { readonly total: number };
    /** Seconds the run lasted. */
    readonly duration: number;
    readonly errors: number;
    readonly timeouts: number;
    readonly non2xx: number;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
