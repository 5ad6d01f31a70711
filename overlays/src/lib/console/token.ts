import { tabToken } from '../sign-in/tab-token';

/** The operator's token, from the fragment or the sign-in form, kept for this tab (see tabToken). */
export const operatorToken = tabToken('tablecast.console.token');

export const takeToken = operatorToken.take;
export const rememberToken = operatorToken.remember;
export const forgetToken = operatorToken.forget;
