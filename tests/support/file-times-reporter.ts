/**
 * A Vitest reporter that writes each test file's wall time to a JSON file, for .ci/run's list of
 * the slowest files. Vitest's own JSON report spans a file from its first test to its last, which
 * leaves out the import and the file's beforeAll/afterAll hooks, where a server start-up or a
 * database clone spends its time; the module's diagnostic counts them.
 */
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

export type FileTime = { file: string; seconds: number };

export default class FileTimesReporter implements Reporter {
  private readonly times: FileTime[] = [];

  constructor(private readonly options: { outputFile: string }) {}

  onTestModuleEnd(testModule: TestModule): void {
    const diagnostic = testModule.diagnostic();
    const ms = diagnostic.setupDuration + diagnostic.collectDuration + diagnostic.duration;
    this.times.push({ file: testModule.relativeModuleId, seconds: Math.round(ms) / 1000 });
  }

  onTestRunEnd(): void {
    writeFileSync(this.options.outputFile, `${JSON.stringify(this.times, null, 1)}\n`);
  }
}
