import { tabToken } from '../sign-in/tab-token';

/** The producer's token, kept apart from a console or replay tab's (see tabToken). */
export const producerToken = tabToken('tablecast.producer.token');

export const takeProducerToken = producerToken.take;
export const rememberProducerToken = producerToken.remember;
export const forgetProducerToken = producerToken.forget;
