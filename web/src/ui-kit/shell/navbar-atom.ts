import { atom } from 'jotai';

/** Whether the console menu is open on a narrow screen (UI state). */
export const navbarOpenedAtom = atom(false);
