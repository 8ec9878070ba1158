import { atomWithStorage } from 'jotai/utils';

/** "Do not show again for a day" hides the notice this long. */
export const noticeSnoozeMs = 24 * 60 * 60 * 1000;

/** Until when (epoch ms) the notice stays hidden; 0 = show it (UI state in localStorage). */
export const noticeHiddenUntilAtom = atomWithStorage('notice-hidden-until', 0, undefined, {
  getOnInit: true,
});
