import { API } from '../../contracts/api-paths';
import type { Permissions } from '../../contracts/rights';
import { post } from './request';
import { useSession } from './session';

/**
 * What the user's plan allows, loaded into the session store: after sign-in, a purchase, a redeemed card, or
 * before a feature that gates on it. Any feature may ask for it, so it lives below them all.
 */

/** Loads the plan's permissions into the session store; a failure keeps the stored ones (and is logged). */
export async function refreshPermissions(): Promise<void> {
  try {
    const { data } = await post<Permissions>(API.expense.queryUserFunctionJudge, {}, { silent: true });
    useSession.getState().setPermissions(data);
  } catch (error) {
    console.warn('[account] permissions not refreshed', error);
  }
}
