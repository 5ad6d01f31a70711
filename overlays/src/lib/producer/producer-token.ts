import { tabToken } from '../sign-in/tab-token';

/** The producer's token, kept apart from a console or replay tab's (see tabToken). */
export const producerToken = tabToken('tablecast.producer.token');
