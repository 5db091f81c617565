import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The import rules of eslint.config.js bite: each case lints a few lines as if they stood in a
 * file of the API (ESLint's `lintText` with that file's path, so imports resolve from there and
 * nothing is written) and reads which rule reports them.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The rules reported on `code` as if it were the file `file` (from the repository's root). */
const rulesOn = async (file: string, code: string): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return result!.messages.map((m) => m.ruleId ?? m.message);
};

describe('API import boundaries', { timeout: 120_000 }, () => {
  it("refuses a module importing another module's file past its front", async () => {
    const rules = await rulesOn(
      'apps/api/src/modules/online/boundary-probe.ts',
      "import { findMember } from '../members/members.repository';\n" +
        "import { recordPayment } from '../payments/payments.service';\n" +
        'export const probe = [findMember, recordPayment];\n',
    );
    expect(rules).toEqual(['import-x/no-restricted-paths', 'import-x/no-restricted-paths']);
  });

  it("accepts the same module's front", async () => {
    const rules = await rulesOn(
      'apps/api/src/modules/online/boundary-probe.ts',
      "import { getMemberForBusiness } from '../members';\n" +
        'export const probe = getMemberForBusiness;\n',
    );
    expect(rules).toEqual([]);
  });

  it('refuses lib, db and plugins importing a module, even its front', async () => {
    for (const layer of ['lib', 'db', 'plugins']) {
      const rules = await rulesOn(
        `apps/api/src/${layer}/boundary-probe.ts`,
        "import { recordPayment } from '../modules/payments';\n" +
          'export const probe = recordPayment;\n',
      );
      expect(rules, layer).toEqual(['import-x/no-restricted-paths']);
    }
  });

  it('refuses an import cycle through modules’ fronts', async () => {
    // plans.service → online's front → online's routes and service → plans' front → plans.service
    const rules = await rulesOn(
      'apps/api/src/modules/plans/plans.service.ts',
      "import { paymentLinksAvailable } from '../online';\n" +
        'export const probe = paymentLinksAvailable;\n',
    );
    expect(rules).toEqual(['import-x/no-cycle']);
  });

  it('refuses an import cycle in the shared package', async () => {
    const rules = await rulesOn(
      'packages/shared/src/money.ts',
      "import { PRODUCT_NAME } from './index';\nexport const probe = PRODUCT_NAME;\n",
    );
    expect(rules).toEqual(['import-x/no-cycle']);
  });
});
