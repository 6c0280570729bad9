// The sample dump, typed by hand: inferring a type from its 700 kB would slow every typecheck.
declare module "*/sample/dump.json" {
  const dump: {
    readonly projects: readonly object[];
    readonly artefacts: readonly object[];
    readonly findings: readonly object[];
  };
  export default dump;
}
