import { InvalidOptionError } from "../../errors/invalid-input.ts";
import { DEFAULT_MAX_PAGE_SIZE } from "../../list/page-size.ts";
import { API_RESOURCE_NAMES, type ApiResourceName } from "../../schema/resources.ts";
import { apiServerOpenApi } from "../../server/api-server-openapi.ts";
import { type Command, type Invocation, stringOption } from "../command.ts";
import { EXIT, UsageError } from "../failure.ts";
import { fileOutput, stdoutOutput } from "../output.ts";

function readSize(invocation: Invocation, name: string): number | undefined {
  const text = stringOption(invocation, name);
  if (text === undefined) return undefined;
  const value = /^[0-9]+$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= 1 && Number.isSafeInteger(value))) {
    throw new UsageError(
      `--${name} must be a whole number from 1, not ${JSON.stringify(text)}`,
      "openapi",
    );
  }
  return value;
}

function readResource(invocation: Invocation): ApiResourceName[] | undefined {
  const name = stringOption(invocation, "resource");
  if (name === undefined) return undefined;
  if (!(API_RESOURCE_NAMES as readonly string[]).includes(name)) {
    throw new UsageError(
      `--resource must be ${API_RESOURCE_NAMES.slice(0, -1).join(", ")} or ${API_RESOURCE_NAMES.at(-1)}, not ${JSON.stringify(name)}`,
      "openapi",
    );
  }
  return [name as ApiResourceName];
}

export const openapiCommand: Command = {
  name: "openapi",
  summary: "print the OpenAPI 3.1 document of qaql serve's API",
  help: `Usage: qaql openapi [--resource NAME] [--vendor V] [--default-size N] [--max-size N]
                    [--out PATH]

Prints the OpenAPI 3.1 document (JSON) of the API that "qaql serve" answers under /api: the
token routes, each resource's list and records, a project's artefacts, an artefact's findings
and its query, with the where, fields, page and size parameters, their limits and examples
drawn from the API's schemas, and every error body.

Options:
  --resource NAME   only the token routes and those of projects, artefacts or findings
  --vendor V        the vendor in the versioned media types (default qaql)
  --default-size N  the page size when a request gives none (default 20)
  --max-size N      the largest page size accepted (default 1000)
  --out PATH        write to PATH, which appears only once complete (default stdout)
  -h, --help        this help

Exit status: 0 done, 1 the file cannot be written, 2 usage error.`,
  options: {
    resource: { type: "string" },
    vendor: { type: "string" },
    "default-size": { type: "string" },
    "max-size": { type: "string" },
    out: { type: "string", short: "o" },
  },
  maxPositionals: 0,
  async run(invocation, context) {
    const resources = readResource(invocation);
    const defaultSize = readSize(invocation, "default-size");
    const maxSize = readSize(invocation, "max-size");
    const largest = maxSize ?? DEFAULT_MAX_PAGE_SIZE;
    if (defaultSize !== undefined && defaultSize > largest) {
      throw new UsageError(
        `--default-size must be at most the largest page size, ${largest}, not ${defaultSize}`,
        "openapi",
      );
    }
    let document: object;
    try {
      const vendor = stringOption(invocation, "vendor");
      document = apiServerOpenApi({ resources, vendor, defaultSize, maxSize });
    } catch (error) {
      // The options come from the command line: a value it cannot use is a usage error.
      if (!(error instanceof InvalidOptionError)) throw error;
      const problem = error.message.replace(/^apiServerOpenApi: option [^:]+: /, "");
      throw new UsageError(`--${error.option}: ${problem}`, "openapi");
    }
    const outPath = stringOption(invocation, "out");
    const output = outPath === undefined ? stdoutOutput(context.stdout) : fileOutput(outPath);
    try {
      await output.write(`${JSON.stringify(document, null, 2)}\n`);
      await output.commit();
    } catch (error) {
      await output.abort();
      throw error;
    }
    return EXIT.ok;
  },
};
