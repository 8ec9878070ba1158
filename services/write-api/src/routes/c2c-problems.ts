import type { ApplicationRejection, DealRejection, MarketRejection } from '@ledger/c2c';
import { ProblemError, type ProblemInit } from '@ledger/http';

/**
 * Every C2C refusal as its stable problem code (contracts' c2cProblemCodes); the maps' types make
 * them exhaustive. Handlers give codes and params, never words.
 */

type Rejection = DealRejection | ApplicationRejection | MarketRejection;
type ProblemOf = {
  [Type in Rejection['type']]: (rejection: Extract<Rejection, { type: Type }>) => ProblemInit;
};

const problems: ProblemOf = {
  MarketInactive: () => ({ status: 409, code: 'c2c_market_inactive' }),
  MarketExists: () => ({ status: 409, code: 'c2c_market_exists' }),
  MarketNotFound: () => ({ status: 404, code: 'c2c_market_not_found' }),
  MarketAssetsInvalid: () => ({
    status: 422,
    code: 'c2c_market_invalid',
    params: { field: 'assets' },
  }),
  MarketSettingInvalid: (r) => ({
    status: 422,
    code: 'c2c_market_invalid',
    params: { field: r.field },
  }),
  DealNotFound: () => ({ status: 404, code: 'c2c_deal_not_found' }),
  DealExists: () => ({ status: 409, code: 'idempotency_key_reused' }),
  SafetyTypeNotForSide: () => ({ status: 422, code: 'c2c_safety_type_invalid' }),
  AmountInvalid: (r) => ({ status: 422, code: 'c2c_amount_invalid', params: { field: r.field } }),
  AmountNotInUnit: (r) => ({
    status: 422,
    code: 'c2c_amount_not_in_unit',
    params: { unit: r.unit },
  }),
  AmountOutsideBounds: (r) => ({
    status: 422,
    code: 'c2c_amount_out_of_bounds',
    params: { field: r.field },
  }),
  PriceInvalid: (r) => ({ status: 422, code: 'c2c_price_invalid', params: { field: r.field } }),
  PriceOutsideRange: (r) => ({
    status: 422,
    code: 'c2c_price_out_of_range',
    params: { min: r.min, max: r.max },
  }),
  CloseDateInvalid: () => ({ status: 422, code: 'c2c_close_date_invalid' }),
  DealNotOpen: () => ({ status: 409, code: 'c2c_deal_not_open' }),
  DealPastCloseDate: () => ({ status: 409, code: 'c2c_deal_past_close_date' }),
  OwnDeal: () => ({ status: 409, code: 'c2c_own_deal' }),
  AmountExceedsAvailable: (r) => ({
    status: 409,
    code: 'c2c_amount_exceeds_available',
    params: { available: r.available },
  }),
  FeeOutdated: (r) => ({
    status: 409,
    code: 'c2c_fee_outdated',
    params: { feeAmount: r.feeAmount },
  }),
  NotDealOwner: () => ({ status: 404, code: 'c2c_deal_not_found' }),
  ReservationNotFound: () => ({ status: 409, code: 'c2c_application_state_invalid' }),
  ReservationFinished: () => ({ status: 409, code: 'c2c_application_state_invalid' }),
  DealNotDue: () => ({ status: 409, code: 'c2c_deal_not_open' }),
  ApplicationNotFound: () => ({ status: 404, code: 'c2c_application_not_found' }),
  ApplicationExists: () => ({ status: 409, code: 'idempotency_key_reused' }),
  NotAllowedForActor: (r) => ({
    status: 403,
    code: 'c2c_not_allowed_for_actor',
    params: { role: r.role },
  }),
  ApplicationStateInvalid: (r) => ({
    status: 409,
    code: 'c2c_application_state_invalid',
    params: { status: r.status },
  }),
  DeadlineNotDue: () => ({ status: 409, code: 'c2c_application_state_invalid' }),
  ReasonInvalid: () => ({ status: 422, code: 'reason_invalid' }),
  DisputeOpen: () => ({ status: 409, code: 'c2c_dispute_open' }),
  HoldNotRefused: () => ({ status: 409, code: 'c2c_hold_not_refused' }),
};

export function c2cProblem(rejection: Rejection): ProblemError {
  const of = problems[rejection.type] as (r: Rejection) => ProblemInit;
  return new ProblemError(of(rejection));
}
