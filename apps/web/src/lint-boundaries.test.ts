import { ESLint } from 'eslint';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The web app's import rules, in eslint.config.js, bite: a feature reached past its index, and
 * features (or shared code and a feature) that import each other, are reported.
 */

/** The repository's root: the folder of eslint.config.js, above where the tests run. */
const findRoot = (dir: string): string =>
  existsSync(join(dir, 'eslint.config.js')) ? `${dir}/` : findRoot(dirname(dir));
const root = findRoot(process.cwd());
const eslint = new ESLint({ cwd: root });

/** The rules `code` breaks when it stands in the file at `path` (from the repository root). */
const broken = async (path: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return result!.messages.map((m) => m.ruleId);
};

const MEMBER_CELL = 'apps/web/src/features/members/components/member-cell.tsx';

describe('web import rules', { timeout: 180_000 }, () => {
  it('pass the code as it is', async () => {
    expect(await broken(MEMBER_CELL, readFileSync(`${root}${MEMBER_CELL}`, 'utf8'))).toEqual([]);
  });

  it('report two features importing each other (payments already uses members)', async () => {
    const code =
      "import { paymentsFeature } from '@/features/payments';\nexport const f = paymentsFeature;\n";
    expect(await broken(MEMBER_CELL, code)).toContain('import-x/no-cycle');
  });

  it('report shared components importing a feature that uses them', async () => {
    const code =
      "import { plansFeature } from '@/features/plans';\nexport const f = plansFeature;\n";
    expect(await broken('apps/web/src/components/page-header.tsx', code)).toContain(
      'import-x/no-cycle',
    );
  });

  it("report a feature's internals imported from another feature", async () => {
    const code =
      "import { MemberCell } from '@/features/members/components/member-cell';\nexport const C = MemberCell;\n";
    expect(
      await broken('apps/web/src/features/payments/components/payment-cards.tsx', code),
    ).toContain('no-restricted-imports');
  });
});
