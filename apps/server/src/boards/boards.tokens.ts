/** The duplicate board sets on disk (`BoardSetStore`, boards.sqlite in the data dir). */
export const BOARD_SET_STORE = Symbol('BOARD_SET_STORE');
