import { tabToken } from '../sign-in/tab-token';

/** A staff token brought to the landing page in its `#token=` fragment, kept for this tab. */
export const landingToken = tabToken('tablecast.landing.token');
