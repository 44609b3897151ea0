/**
 * `npm start` builds the web app first: its output must hold nothing a newcomer cannot act on.
 * Vite's notice that the config would not load with `configLoader: 'native'` and the bundler's
 * SOURCEMAP_BROKEN for the message catalogs were printed on every build (issue 38, point 15).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, createLogger, loadConfigFromFile } from 'vite';
import { describe, expect, it } from 'vitest';
import { precompiledMessages } from './precompile';

const root = resolve(import.meta.dirname, '../..');

/** A Vite logger that keeps every warning and error instead of printing it. */
function collectingLogger() {
  const said: string[] = [];
  const logger = createLogger('warn', { allowClearScreen: false });
  logger.warn = (message) => void said.push(message);
  logger.warnOnce = (message) => void said.push(message);
  logger.error = (message) => void said.push(message);
  return { logger, said };
}

describe('the build says nothing a newcomer cannot act on', () => {
  it('loads vite.config.ts without the native config loader notice', async () => {
    const { logger, said } = collectingLogger();
    const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, join(root, 'vite.config.ts'), root, 'warn', logger);
    expect(loaded?.path).toContain('vite.config.ts');
    expect(said.join('\n')).not.toMatch(/configLoader|file extension/);
  });

  it('bundles a message catalog with its source map and no SOURCEMAP_BROKEN warning', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'playfree-build-'));
    writeFileSync(join(dir, 'entry.js'), `import messages from ${JSON.stringify(join(root, 'src/i18n/locales/es.json'))};\nconsole.log(Object.keys(messages).length);\n`);
    const warnings: string[] = [];
    await build({
      configFile: false,
      root: dir,
      logLevel: 'silent',
      plugins: [precompiledMessages],
      build: {
        write: false,
        sourcemap: true,
        lib: { entry: join(dir, 'entry.js'), formats: ['es'], fileName: 'entry' },
        rollupOptions: { onwarn: (warning) => void warnings.push(`${warning.code ?? ''} ${warning.message}`) },
      },
    });
    expect(warnings.filter((warning) => warning.includes('SOURCEMAP'))).toEqual([]);
  });
});
