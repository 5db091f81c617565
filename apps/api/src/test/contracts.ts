import * as shared from '@kora/shared';

/**
 * Every `*Contracts` object of @kora/shared, with its name: `['memberContracts', { list, … }]`.
 * Tests that cover every call start here, so a new contract is covered without editing them.
 */
export const CONTRACT_GROUPS = Object.entries(shared).filter(
  ([name, value]) => name.endsWith('Contracts') && !!value && typeof value === 'object',
) as [string, Record<string, unknown>][];
