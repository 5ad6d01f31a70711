import { tabToken } from '../sign-in/tab-token';

/** The arbiter's token: from the fragment like the console's, kept for this tab (see tabToken). */
export const arbiterToken = tabToken('tablecast.replay.token');
