import { atom } from 'jotai';

/**
 * The brokerage the console works on (SPEC §3 client store). The route's {brokerage_seq} decides
 * it; the entry check writes it here so the header outside the console can offer it again.
 */
export const selectedBrokerageSeqAtom = atom<string | undefined>(undefined);
