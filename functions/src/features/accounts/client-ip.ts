// The caller's address for the per-address limits, taken only from what the caller cannot write.
//
// - Functions emulator and tests: the socket's peer.
// - Local stack: X-Forwarded-For as below, but only from a request the front forwarded
//   (http/forwarding.ts); a call straight to an instance counts as its socket's peer.
// - Cloud Functions (2nd gen: Cloud Run behind Google's front end): the front end appends the
//   address that connected to it to X-Forwarded-For, after whatever the caller sent, so only the
//   right end of the list is Google's word. A call through Firebase Hosting connects from
//   Hosting's CDN (Fastly), which appended the browser's address before Google appended the
//   CDN's. Walking from the right, the CDN's and Google's own addresses are passed over and the
//   first other one is the client. Fastly-Client-IP and the entries further left are whatever
//   the caller sent, so they are never read.
import { BlockList, isIP } from 'node:net';
import type { Request } from 'express';
import { throughTrustedFront } from '../../http/forwarding';

/**
 * Addresses that forward requests rather than make them: Fastly's published edge ranges
 * (https://api.fastly.com/public-ip-list), Google's front ends, and private and loopback ones.
 * TRUSTED_PROXY_RANGES (comma-separated CIDRs) adds more, should Hosting's CDN change.
 */
const FORWARDER_RANGES = [
  '23.235.32.0/20',
  '43.249.72.0/22',
  '103.244.50.0/24',
  '103.245.222.0/23',
  '103.245.224.0/24',
  '104.156.80.0/20',
  '140.248.64.0/18',
  '140.248.128.0/17',
  '146.75.0.0/17',
  '151.101.0.0/16',
  '157.52.64.0/18',
  '167.82.0.0/17',
  '167.82.128.0/20',
  '167.82.160.0/20',
  '167.82.224.0/20',
  '172.111.64.0/18',
  '185.31.16.0/22',
  '199.27.72.0/21',
  '199.232.0.0/16',
  '2a04:4e40::/32',
  '2a04:4e42::/32',
  // Google's front ends and health checks.
  '35.191.0.0/16',
  '130.211.0.0/22',
  // Private, loopback and link-local: hops inside Google's network.
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '::1/128',
  'fc00::/7',
  'fe80::/10',
];

function forwarders(env: NodeJS.ProcessEnv): BlockList {
  const list = new BlockList();
  const extra = (env.TRUSTED_PROXY_RANGES ?? '').split(',');
  for (const range of [...FORWARDER_RANGES, ...extra].map((r) => r.trim()).filter(Boolean)) {
    const [address, bits] = range.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (isIP(address) === 0) continue;
    list.addSubnet(address, Number(bits ?? (type === 'ipv6' ? 128 : 32)), type);
  }
  return list;
}

let cached: { key: string; list: BlockList } | undefined;

function forwarderList(env: NodeJS.ProcessEnv): BlockList {
  const key = env.TRUSTED_PROXY_RANGES ?? '';
  if (cached?.key !== key) cached = { key, list: forwarders(env) };
  return cached.list;
}

/** '::ffff:1.2.3.4' is 1.2.3.4; brackets and ports ('[::1]:80', '1.2.3.4:80') go. */
function plainAddress(entry: string): string {
  let value = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  return value.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
}

function isForwarder(address: string, list: BlockList): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** Deployed on Cloud Functions, not in the functions emulator (which sets K_SERVICE too). */
function behindGoogleFrontEnd(env: NodeJS.ProcessEnv): boolean {
  return !!env.K_SERVICE && env.FUNCTIONS_EMULATOR !== 'true';
}

export function clientIp(req: Request, env: NodeJS.ProcessEnv = process.env): string {
  const socketAddress = plainAddress(req.socket.remoteAddress ?? '') || 'unknown';
  if (!behindGoogleFrontEnd(env) || !throughTrustedFront(req, env)) return socketAddress;
  const entries = (req.get('x-forwarded-for') ?? '')
    .split(',')
    .map(plainAddress)
    .filter((entry) => isIP(entry) !== 0);
  const list = forwarderList(env);
  for (let i = entries.length - 1; i >= 0; i--) {
    if (!isForwarder(entries[i], list)) return entries[i];
  }
  // Only forwarders (a call from inside Google's network): the nearest one stands for it.
  return entries[entries.length - 1] ?? socketAddress;
}
