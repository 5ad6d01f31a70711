export {
  connectFeed,
  type FeedConnection,
  type FeedConnectionOptions,
  type FeedSocket,
} from './feed-connection';
export {
  disconnected,
  initialFeedState,
  receive,
  subscribeMessage,
  type FeedAudience,
  type FeedLink,
  type FeedState,
} from './feed-state';
export { readPageParams, type PageParams } from './page-params';
export { markFrameArrived, measureFramesPainted } from './paint-marks';
