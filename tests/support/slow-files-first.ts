/**
 * Vitest's order, with the files known to take minutes first. Without a cache of earlier results (a
 * clean clone, CI) Vitest starts the largest files first, and `hostile-input.test.ts`, small as a
 * file but every operation times every hostile value, started late and ran alone at the end: on
 * PGlite it is the slowest file by far (18:36 of a 34-minute run under load on 2026-11-28, where the
 * next was 2:31). Started first, it runs beside all the others.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SLOW_FIRST = ['tests/api/hostile-input.test.ts', 'tests/security/checker-isolation.test.ts', 'server/domains/account/service.test.ts', 'tests/api/engine-builds-serving.test.ts'];

function rank(spec: TestSpecification): number {
  const index = SLOW_FIRST.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return index === -1 ? SLOW_FIRST.length : index;
}

export default class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // A stable sort: the rest keep Vitest's order.
    return sorted.map((spec, order) => ({ spec, order })).sort((a, b) => rank(a.spec) - rank(b.spec) || a.order - b.order).map(({ spec }) => spec);
  }
}
