// A job of `qaql filter --jobs N`, in a worker thread: reads the stretches it is sent.
import { parentPort, workerData } from "node:worker_threads";
import { type JobSetup, prepareJob, type RangeTask, runRangeTask } from "./range-task.ts";

const setup = workerData as JobSetup;
const job = prepareJob(setup);
const port = parentPort;
port?.on("message", (task: RangeTask) => {
  const result = runRangeTask(job, task);
  port.postMessage(result, [result.lines.buffer as ArrayBuffer]);
});
