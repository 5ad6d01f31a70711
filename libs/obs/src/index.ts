// @tablecast/obs: what the OBS bridge drives, without a connection of its own: the port an OBS
// connection fills, the final's scene plan (scenes, browser sources, their URLs) and its layout.
export * from './obs-connection.port';
export * from './final-scenes.plan';
export * from './scene-layout';
