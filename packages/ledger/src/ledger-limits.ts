/**
 * Every bound of the ledger decider in one place (TigerStyle: put a limit on everything). The writer
 * caps its batches by count and bytes; these cap a single command.
 */

/** Legs of one PostTransfer, or of one capture: a whole settlement row fits. */
export const legsPerTransferMax = 128;
/** Holds one CaptureHolds may capture: two for a fill, a few more for a settlement. */
export const capturesPerCommandMax = 8;
/** Characters of an id (account, hold, transfer, member) or asset code. */
export const identifierLengthMax = 128;
/** Characters of an asset code. */
export const assetCodeLengthMax = 32;
/** Characters of a cause or hold reason. */
export const labelLengthMax = 64;
/** Holds one PlaceHold may place alongside its main hold: a fee or two. */
export const holdsAlongsideMax = 7;
