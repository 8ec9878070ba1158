/** Why an application command is refused: each type maps to one problem code at the API edge. */
export type ApplicationRejection =
  | { type: 'ApplicationNotFound' }
  | { type: 'ApplicationExists' }
  | { type: 'OwnDeal' }
  | { type: 'AmountInvalid'; field: string }
  | { type: 'PriceInvalid'; field: string }
  | { type: 'NotAllowedForActor'; role: string }
  | { type: 'ApplicationStateInvalid'; status: string }
  | { type: 'DeadlineNotDue'; deadline: string | null }
  | { type: 'ReasonInvalid' }
  | { type: 'DisputeOpen' }
  | { type: 'HoldNotRefused'; side: string };

export type ApplicationRejectionType = ApplicationRejection['type'];
