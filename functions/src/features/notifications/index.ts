// What the notifications feature offers the rest of the server; other modules import only this.
export { alertAdminContacts, notifyAdmins } from './notify-admins';
export { registerNotificationRoutes } from './routes';
