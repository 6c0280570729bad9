// The `qaql` executable: runs the command line on this process's arguments and streams.
import { main } from "./main.ts";
import { styleFor } from "./terminal.ts";

main(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  errStyle: styleFor(process.stderr, process.env),
  outStyle: styleFor(process.stdout, process.env),
}).then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    process.stderr.write(`qaql: internal error: ${String(error)}\n`);
    process.exitCode = 70;
  },
);
