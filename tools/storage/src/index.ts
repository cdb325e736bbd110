export { startStorageServer, type StorageServer, type StorageServerOptions } from './server.ts';
