// `npm test`: installs what the suites need, builds, then runs every suite (static checks, unit and
// API tests and the attack suite's bounded sample on PGlite and PostgreSQL, Playwright journeys in
// Chromium, Lighthouse) and ends with one line: `N passed, N failed, N skipped`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ensureBuild, ensureDependencies, log, ROOT } from './lib/setup.mjs';

const only = new Set(process.argv.slice(2)); // e.g. `npm test -- static unit api bundle e2e lighthouse`
const wanted = (name) => only.size === 0 || only.has(name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const report = [];
/** Names of the failed tests, repeated next to the totals (CI shows only the end of the output). */
const failures = [];

function run(cmd, args, env = {}) {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status ?? 1;
}

function count(suite, passed, failed, skipped = 0) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  report.push(`${suite}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));
  } catch {
    return undefined;
  }
}

function postgresReachable(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: hostname, port: Number(port || 5432) });
    s.setTimeout(2000);
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
    s.once('timeout', () => (s.destroy(), resolve(false)));
  });
}

function ensureChromium() {
  const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (existsSync(chrome)) return chrome;
  if (process.getuid?.() === 0) {
    log('Installing Chromium (apt-get install -y chromium)');
    run('apt-get', ['update', '-qq']);
    if (run('apt-get', ['install', '-y', '-qq', 'chromium']) === 0 && existsSync(chrome)) return chrome;
  }
  console.error(
    `Chromium is missing at ${chrome}. Install it with \`sudo apt-get install -y chromium\` ` +
      '(or set CHROME_PATH to a Chromium/Chrome binary), then run npm test again.',
  );
  return undefined;
}

mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
ensureDependencies();

if (wanted('static')) {
  log('Type check (tsc -b)');
  const tsc = run('node_modules/.bin/tsc', ['-b']);
  count('typecheck', tsc === 0 ? 1 : 0, tsc === 0 ? 0 : 1);
  if (tsc !== 0) failures.push('typecheck: tsc -b reported errors (above)');
  log('Lint and format check');
  const lint = run('node_modules/.bin/eslint', ['.', '--max-warnings=0']);
  const fmt = run('node_modules/.bin/prettier', ['--check', '.', '--log-level', 'warn']);
  count('lint', (lint === 0) + (fmt === 0), (lint !== 0) + (fmt !== 0));
  if (lint !== 0) failures.push('lint: eslint reported problems (above)');
  if (fmt !== 0)
    failures.push('format: prettier --check listed files to format (npx prettier --write <file>)');
}

if (wanted('unit') || wanted('api')) {
  const pgUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const projects = [];
  if (wanted('unit')) projects.push('unit');
  if (wanted('api')) {
    projects.push('api-pglite', 'security-pglite');
    if (await postgresReachable(pgUrl)) projects.push('api-postgres', 'security-postgres');
    else console.log(`\nSkipping the PostgreSQL API run: nothing answers at ${new URL(pgUrl).host}.\n`);
  }
  log(`Vitest: ${projects.join(', ')}`);
  rmSync(path.join(ROOT, 'test-results/vitest.json'), { force: true });
  run('node_modules/.bin/vitest', [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=test-results/vitest.json',
  ]);
  const v = readJson('test-results/vitest.json');
  if (!v) count('vitest', 0, 1);
  else {
    // A file that fails to load has no failed test but fails the run: count it as one failure.
    const brokenFiles =
      v.success === false && v.numFailedTests === 0 ? Math.max(1, v.numFailedTestSuites) : 0;
    count('vitest', v.numPassedTests, v.numFailedTests + brokenFiles, v.numPendingTests + v.numTodoTests);
    for (const file of v.testResults ?? []) {
      const where = path.relative(ROOT, file.name);
      const failedTests = file.assertionResults.filter((t) => t.status === 'failed');
      for (const t of failedTests) failures.push(`vitest ${where} > ${t.fullName ?? t.title}`);
      if (file.status === 'failed' && failedTests.length === 0)
        failures.push(`vitest ${where} (did not load: ${file.message || 'no message'})`);
    }
  }
}

const needsBrowser = wanted('e2e') || wanted('lighthouse');
const chrome = needsBrowser ? ensureChromium() : undefined;
if (needsBrowser || wanted('bundle')) ensureBuild();

if (wanted('bundle')) {
  log('Bundle budget (docs/architecture.md#bars)');
  const ok = run('node_modules/.bin/tsx', ['scripts/bundle-report.ts']) === 0;
  count('bundle', ok ? 1 : 0, ok ? 0 : 1);
}

if (wanted('e2e')) {
  if (!chrome) count('e2e', 0, 1);
  else {
    log('Playwright end-to-end journeys (Chromium)');
    rmSync(path.join(ROOT, 'test-results/e2e.json'), { force: true });
    run('node_modules/.bin/playwright', ['test'], { CI: '1', CHROME_PATH: chrome });
    const e = readJson('test-results/e2e.json');
    const s = e?.stats;
    if (s) count('e2e', s.expected + s.flaky, s.unexpected, s.skipped);
    else count('e2e', 0, 1);
    const walk = (suite) => {
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests ?? [])
          if (t.status === 'unexpected' || t.status === 'flaky')
            failures.push(
              `e2e ${t.status === 'flaky' ? '(flaky) ' : ''}${spec.file}:${spec.line} > ${spec.title}`,
            );
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of e?.suites ?? []) walk(suite);
  }
}

if (wanted('lighthouse')) {
  if (!chrome) count('lighthouse', 0, 1);
  else {
    const rc = readJson('lighthouserc.json').ci;
    log(`Lighthouse CI (median of ${rc.collect.numberOfRuns} runs per page)`);
    const status = run('node', ['tests/lighthouse/run.mjs'], { CHROME_PATH: chrome });
    // One check per assertion that applies to a page (lighthouserc.json's assertMatrix).
    const checks = rc.collect.url.reduce(
      (n, url) =>
        n +
        rc.assert.assertMatrix
          .filter((m) => new RegExp(m.matchingUrlPattern).test(url))
          .reduce((k, m) => k + Object.keys(m.assertions).length, 0),
      0,
    );
    const results = readJson('.lighthouseci/assertion-results.json') ?? [];
    const failedKeys = new Set(
      results
        .filter((f) => f.level === 'error')
        .map((f) => `${new URL(f.url).pathname} ${f.auditId ?? f.name}`),
    );
    for (const key of failedKeys) failures.push(`lighthouse ${key}`);
    const manifest = readJson('.lighthouseci/reports/manifest.json') ?? [];
    // Nothing collected (the server or the order set-up failed): every check fails.
    const failed = manifest.length ? Math.max(failedKeys.size, status === 0 ? 0 : 1) : checks;
    count('lighthouse', checks - failed, failed);
    for (const m of manifest.filter((r) => r.isRepresentativeRun)) {
      const s = Object.entries(m.summary)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ');
      console.log(`  ${new URL(m.url).pathname}: ${s}`);
    }
  }
}

if (failures.length) console.log('\nFailed:\n' + failures.map((f) => `  ${f}`).join('\n'));
console.log('\n' + report.join('\n'));
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.failed > 0 ? 1 : 0);
