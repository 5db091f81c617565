import { can, type Action } from '@kora/shared';
import { useSession } from './session';

/**
 * Whether the signed-in user's role may take `action`: the same rule the API enforces, so a
 * screen disables (with the reason) exactly what the server would refuse.
 */
export const useCan = (action: Action): boolean => can(useSession().user?.role, action);
