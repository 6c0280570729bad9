import {
  type ConformanceAgreement,
  type ConformanceDisagreement,
  ConformanceError,
  type ConformanceOptions,
  runConformance as runLibrary,
} from "../../conformance/index.ts";
import { CliError } from "../failure.ts";

/** The library's report with `ok`, the name the command reads `agrees` by. */
export type ConformanceReport =
  | (ConformanceAgreement & { readonly ok: true })
  | (ConformanceDisagreement & { readonly ok: false });

/**
 * qaql/conformance's `runConformance` for the command: a server it cannot read is a CliError,
 * printed in one line with exit status 1.
 */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  try {
    const report = await runLibrary(options);
    return report.agrees ? { ...report, ok: true } : { ...report, ok: false };
  } catch (error) {
    if (error instanceof ConformanceError) throw new CliError(error.message);
    throw error;
  }
}
