import { tabToken } from '../sign-in/tab-token';

/** The operator's token, from the fragment or the sign-in form, kept for this tab (see tabToken). */
export const operatorToken = tabToken('tablecast.console.token');
