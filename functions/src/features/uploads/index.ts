// What the uploads feature offers the rest of the server; other modules import only this.
export { ALLOWED_TYPES_TEXT, detectFileType, safeFileName } from './file-types';
export {
  fileIdFromUrl,
  fileUrl,
  publicBaseUrl,
  readFile,
  readFileDocs,
  saveFiles,
  signedFileUrl,
  type NewFile,
} from './files';
export { MAX_FILES, MAX_FILE_BYTES } from './multipart';
export { registerUploadRoutes } from './routes';
