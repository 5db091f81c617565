// Runs the phases of a test run: stages one after another; inside a stage, lanes side by side,
// and the phases of a lane one after another. A phase that runs alone writes straight to the
// terminal; phases side by side each write to a log file of their own (KORA_LOG_DIR, else a
// temporary folder), printed whole as each ends, so their output never interleaves. Every
// phase's duration is printed (`== phase api-postgres: 141 s`), then a table of them all and the
// total. Answers whether every phase passed. A failed phase stops nothing, except one marked
// `required` (the build): then the rest of its lane and every later stage are skipped, since
// they would test what was not built.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const seconds = (since) => Math.round((Date.now() - since) / 1000);

/** One phase: `command` run by the shell in `cwd`, with `env` added to this process's. */
const runPhase = (phase, { cwd, logDir, alone }) =>
  new Promise((resolve) => {
    const started = Date.now();
    const logFile = alone ? undefined : join(logDir, `${phase.name}.log`);
    const out = logFile ? createWriteStream(logFile) : undefined;
    console.log(`== phase ${phase.name}: started${alone ? '' : ` (log: ${logFile})`}`);
    const child = spawn(phase.command, {
      cwd,
      shell: true,
      env: { ...process.env, ...phase.env },
      stdio: ['ignore', alone ? 'inherit' : 'pipe', alone ? 'inherit' : 'pipe'],
    });
    child.stdout?.pipe(out, { end: false });
    child.stderr?.pipe(out, { end: false });
    child.on('close', (code, signal) => {
      const ok = code === 0;
      const done = () => {
        const took = seconds(started);
        if (logFile) {
          console.log(`\n-- output of ${phase.name} --`);
          process.stdout.write(readFileSync(logFile, 'utf8'));
          console.log(`-- end of ${phase.name} --`);
        }
        console.log(
          `== phase ${phase.name}: ${took} s${ok ? '' : ` FAILED (${signal ?? `exit ${code}`})`}`,
        );
        resolve({ name: phase.name, ok, seconds: took });
      };
      if (out) out.end(done);
      else done();
    });
  });

/**
 * Runs `stages` in order. A stage is a list of lanes run at the same time; a lane is a phase
 * `{ name, command, env?, required? }` or a list of phases run one after another. Answers true
 * when every phase passed.
 */
export const runStages = async (stages, { cwd = process.cwd(), logDir } = {}) => {
  const started = Date.now();
  const dir = logDir ?? process.env.KORA_LOG_DIR ?? mkdtempSync(join(tmpdir(), 'kora-phases-'));
  mkdirSync(dir, { recursive: true });
  const results = [];
  let blocked = false;
  for (const stage of stages) {
    const lanes = stage.map((lane) => (Array.isArray(lane) ? lane : [lane]));
    if (blocked) {
      for (const phase of lanes.flat()) results.push({ name: phase.name, skipped: true });
      continue;
    }
    const alone = lanes.length === 1;
    const ended = (
      await Promise.all(
        lanes.map(async (lane) => {
          const done = [];
          let failed = false;
          for (const phase of lane) {
            if (failed) {
              done.push({ name: phase.name, skipped: true });
              continue;
            }
            const result = await runPhase(phase, { cwd, logDir: dir, alone });
            done.push(result);
            failed = !!phase.required && !result.ok;
          }
          return done;
        }),
      )
    ).flat();
    results.push(...ended);
    blocked = lanes.flat().some((p, i) => p.required && !ended[i].ok);
  }
  const ok = results.every((r) => r.ok && !r.skipped);
  console.log('\n== phases');
  for (const r of results) {
    const what = r.skipped ? 'skipped (a required phase failed)' : `${r.seconds} s`;
    console.log(`   ${r.name.padEnd(16)} ${what}${r.ok || r.skipped ? '' : '  FAILED'}`);
  }
  console.log(`== total: ${seconds(started)} s${ok ? '' : ' (FAILED)'}`);
  return ok;
};
