import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    setupFiles: ["test/setup.ts"],
    testTimeout: 120_000,
    // Both cores: many tests wait on child processes and engines, not on the CPU.
    maxWorkers: 2,
  },
});
