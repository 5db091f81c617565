// Runs the phases of a test run: stages one after another; inside a stage, lanes side by side,
// and the phases of a lane one after another. A phase that runs alone writes straight to the
// terminal; phases side by side each write to a log file of their own (KORA_LOG_DIR, else a
// temporary folder), printed whole as each ends, so their output never interleaves. Every
// phase's duration and CPU time are printed (`== phase api-postgres: 141 s (CPU 190 s)`: the
// CPU its processes used, which on a small machine says what costs most when phases run side
// by side), then a table of them all and the total. Answers whether every phase passed. A failed phase stops nothing, except one marked
// `required` (the build): then the rest of its lane and every later stage are skipped, since
// they would test what was not built.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const seconds = (since) => Math.round((Date.now() - since) / 1000);

/** "1m2.500s" (bash's `times`) → seconds. */
const bashSeconds = (text) => {
  const m = /^(\d+)m([\d.]+)s$/.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
};

/** One phase: `command` run by the shell in `cwd`, with `env` added to this process's. */
const runPhase = (phase, { cwd, logDir, alone }) =>
  new Promise((resolve) => {
    const started = Date.now();
    const logFile = alone ? undefined : join(logDir, `${phase.name}.log`);
    const out = logFile ? createWriteStream(logFile) : undefined;
    console.log(`== phase ${phase.name}: started${alone ? '' : ` (log: ${logFile})`}`);
    // Run by bash, which then writes the CPU time of everything the command ran (`times`:
    // user and system, of the shell and of its children) on a pipe of its own.
    const child = spawn('bash', ['-c', `${phase.command}\ns=$?\ntimes >&3\nexit $s`], {
      cwd,
      env: { ...process.env, ...phase.env },
      stdio: ['ignore', alone ? 'inherit' : 'pipe', alone ? 'inherit' : 'pipe', 'pipe'],
    });
    child.stdout?.pipe(out, { end: false });
    child.stderr?.pipe(out, { end: false });
    let times = '';
    child.stdio[3].on('data', (d) => (times += d));
    child.on('close', (code, signal) => {
      const ok = code === 0;
      const done = () => {
        const took = seconds(started);
        // The second line: the children's user and system time.
        const [user = '', system = ''] = (times.trim().split('\n')[1] ?? '').split(/\s+/);
        const cpu = Math.round(bashSeconds(user) + bashSeconds(system));
        if (logFile) {
          console.log(`\n-- output of ${phase.name} --`);
          process.stdout.write(readFileSync(logFile, 'utf8'));
          console.log(`-- end of ${phase.name} --`);
        }
        console.log(
          `== phase ${phase.name}: ${took} s (CPU ${cpu} s)${ok ? '' : ` FAILED (${signal ?? `exit ${code}`})`}`,
        );
        resolve({ name: phase.name, ok, seconds: took, cpu });
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
    const what = r.skipped
      ? 'skipped (a required phase failed)'
      : `${String(r.seconds).padStart(4)} s   CPU ${String(r.cpu).padStart(5)} s`;
    console.log(`   ${r.name.padEnd(16)} ${what}${r.ok || r.skipped ? '' : '  FAILED'}`);
  }
  const cpu = results.reduce((sum, r) => sum + (r.cpu ?? 0), 0);
  console.log(`== total: ${seconds(started)} s, CPU ${cpu} s${ok ? '' : ' (FAILED)'}`);
  return ok;
};
