// Wiring only: what runs where. The work lives in http/ (and jobs/ once there are jobs).
import { onRequest } from 'firebase-functions/https';
import { createApp } from './http/app';

export const api = onRequest(
  { region: 'asia-south1', memory: '512MiB', timeoutSeconds: 300 },
  createApp(),
);
