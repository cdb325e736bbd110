// Preloaded into the api process (node --require): functions-framework listens on every
// interface and has no option for a host, so a server told only a port listens on 127.0.0.1
// here. The api then takes requests from this machine only, in practice the front, which sets
// X-Forwarded-For; production's function is reached only through Google's front end.
'use strict';
const net = require('node:net');

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  const [first, second] = args;
  const portOnly =
    (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) &&
    typeof second !== 'string';
  if (portOnly) return listen.call(this, Number(first), '127.0.0.1', ...args.slice(1));
  return listen.apply(this, args);
};
