/**
 * Query (or fragment) parameters whose value is a credential: anything named like a token
 * (`token`, `access_token`, `id_token`…), an authorization, a password, a secret or an API key.
 * A separator the client percent-encoded (`?match=m1%23token=…`, a fragment pasted into a value)
 * counts too.
 */
const CREDENTIAL =
  /((?:[?&#;]|%23|%26|%3f)((?:[^=&#;]*token)|authorization|auth|password|passwd|secret|api_?key)=)[^&#;]*/gi;

export const REDACTED = '[redacted]';

/**
 * A request URL as it may be logged: the value of every credential parameter replaced, so a token
 * a client put in the query string (or in a fragment it sent by mistake) never reaches a log line.
 * Names are matched with any case and also when percent-encoded by the client.
 */
export function redactUrl(url: string): string {
  if (!url.includes('=')) return url;
  return url.replace(CREDENTIAL, `$1${REDACTED}`).replace(ENCODED_CREDENTIAL, redactEncoded);
}

/** A parameter whose name the client percent-encoded (`%74oken=`): decoded to be judged. */
const ENCODED_CREDENTIAL = /([?&#;])([^=&#;]*%[^=&#;]*)=([^&#;]*)/g;

function redactEncoded(whole: string, sep: string, name: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    return `${sep}${name}=${REDACTED}`;
  }
  return new RegExp(CREDENTIAL.source, 'i').test(`${sep}${decoded}=`) ? `${sep}${name}=${REDACTED}` : whole;
}
