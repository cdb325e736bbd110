// What the broadcasts feature offers the rest of the server; other modules import only this.
export { registerBroadcastRoutes } from './routes';
export { runBroadcastDispatch, broadcastOfReply, noteBroadcastResponse } from './replies-and-jobs';
