import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    globalSetup: ["test/global-setup.ts"],
    projects: [
      { test: { name: "unit", include: ["test/unit/**/*.test.ts"] } },
      { test: { name: "integration", include: ["test/integration/**/*.test.ts"], testTimeout: 30_000 } },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          testTimeout: 180_000,
          hookTimeout: 240_000,
          // Real OpenCode runs: one at a time on a 2-core machine.
          fileParallelism: false,
          sequence: { concurrent: false },
        },
      },
    ],
  },
});
