import { Readable, Writable } from "node:stream";
import type { CommandContext } from "../../src/cli/command.ts";
import { main } from "../../src/cli/main.ts";
import { styleFor } from "../../src/cli/terminal.ts";

class Collect extends Writable {
  text = "";
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.text += chunk.toString("utf8");
    done();
  }
}

/**
 * `qaql` run in this process, through `main` as bin.ts runs it (so it shares this V8 and its
 * modules), with no stdin and no terminal: its status and what it wrote.
 */
export async function runMain(
  args: readonly string[],
): Promise<{ status: number; stdout: string; stderr: string }> {
  const stdout = new Collect();
  const stderr = new Collect();
  const env = {};
  const context: CommandContext = {
    stdin: Readable.from([]),
    stdout,
    stderr,
    env,
    errStyle: styleFor(stderr, env),
    outStyle: styleFor(stdout, env),
  };
  const status = await main(args, context);
  return { status, stdout: stdout.text, stderr: stderr.text };
}
