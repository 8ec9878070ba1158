/** Why a deal command is refused: each type maps to one problem code at the API edge. */
export type DealRejection =
  | { type: 'MarketInactive'; marketSeq: number }
  | { type: 'DealNotFound' }
  | { type: 'DealExists' }
  | { type: 'SafetyTypeNotForSide'; safetyType: string; side: string }
  | { type: 'AmountInvalid'; field: string }
  | { type: 'AmountNotInUnit'; field: string; unit: string }
  | { type: 'AmountOutsideBounds'; field: string; min: string | null; max: string | null }
  | { type: 'PriceInvalid'; field: string }
  | { type: 'PriceOutsideRange'; min: string; max: string }
  | { type: 'CloseDateInvalid' }
  | { type: 'DealNotOpen'; status: string }
  | { type: 'DealPastCloseDate'; closeAt: string }
  | { type: 'OwnDeal' }
  | { type: 'AmountExceedsAvailable'; available: string }
  | { type: 'FeeOutdated'; feeAmount: string }
  | { type: 'NotDealOwner' }
  | { type: 'ReservationNotFound'; applicationId: string }
  | { type: 'ReservationFinished'; applicationId: string; stage: string }
  | { type: 'DealNotDue'; closeAt: string | null };

export type DealRejectionType = DealRejection['type'];
