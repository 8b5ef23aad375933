// A vitest reporter of `npm test`: each test file's whole time (environment, harness, import, setup files, and
// its tests and hooks, the beforeAll that starts a stack included), written as JSON to the path in
// VENUEBOOK_FILE_TIMES: [{ "file": "<path from the repository>", "seconds": 12.3, "state": "passed" }, ...].
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface FileTime {
  file: string;
  seconds: number;
  state: string;
}

export default class FileTimesReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]): void {
    const target = process.env.VENUEBOOK_FILE_TIMES;
    if (!target) return;
    const times: FileTime[] = testModules.map((module) => {
      const d = module.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      return { file: relative(process.cwd(), module.moduleId), seconds: Math.round(ms / 100) / 10, state: module.state() };
    });
    writeFileSync(target, JSON.stringify(times, null, 2));
  }
}
