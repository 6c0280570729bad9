// A job of `qaql filter --jobs N`, in a worker thread: reads the stretches it is sent.
import { parentPort, workerData } from "node:worker_threads";
import { type JobSetup, prepareJob, type RangeTask, runRangeTask } from "./range-task.ts";

const setup = workerData as JobSetup;
const job = prepareJob(setup);
const port = parentPort;
/** A stretch to read, or the memory of lines written, to reuse. */
export type JobMessage = RangeTask | { readonly recycle: ArrayBuffer };

port?.on("message", (message: JobMessage) => {
  if ("recycle" in message) return job.lines.recycle(message.recycle);
  const result = runRangeTask(job, message);
  port.postMessage(result, [result.lines.buffer as ArrayBuffer]);
});
