import type { Freeze, PaymentMethod } from '@kora/shared';
import { useState } from 'react';
import { useFreezeDecision } from './api';

type FreezeAction = 'end' | 'approve' | 'decline';

/**
 * Ends, approves or declines a freeze (of the member `memberIdOf` names for it). Approving a
 * request on a plan with a fee asks first how the member paid it: `feeApproval` is what the
 * FeeApproval dialog takes, and its Approve sends the decision with that method.
 */
export const useFreezeDecide = <F extends Freeze>(memberIdOf: (freeze: F) => number) => {
  const decide = useFreezeDecision();
  const [feeFor, setFeeFor] = useState<F | null>(null);
  const act = (freeze: F, action: FreezeAction) =>
    action === 'approve' && freeze.fee_due
      ? setFeeFor(freeze)
      : decide.mutate({ memberId: memberIdOf(freeze), freezeId: freeze.id, action });
  const feeApproval = {
    freeze: feeFor,
    pending: decide.isPending,
    error: feeFor ? decide.error : null,
    onClose: () => setFeeFor(null),
    onApprove: (feeMethod: PaymentMethod) =>
      feeFor &&
      decide.mutate(
        { memberId: memberIdOf(feeFor), freezeId: feeFor.id, action: 'approve', feeMethod },
        { onSuccess: () => setFeeFor(null) },
      ),
  };
  return { decide, act, feeApproval };
};
