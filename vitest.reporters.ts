/**
 * Reporters for every Vitest config: the default one, plus a JSON report when CI asks for it
 * (KORA_REPORT_DIR), which .ci/summary.mjs adds up into the closing "N passed, N failed" line.
 */
export const reporters = (name: string): any[] => {
  const dir = process.env.KORA_REPORT_DIR;
  if (!dir) return ['default'];
  const tag = process.env.KORA_REPORT_TAG ?? 'run';
  return ['default', ['json', { outputFile: `${dir}/${name}-${tag}.json` }]];
};
