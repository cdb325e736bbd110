// A local IMAP server for the inbound email tests: speaks just what imapflow needs to read an
// inbox (RFC 3501: CAPABILITY, LOGIN, LIST, LSUB, SELECT/EXAMINE, UID SEARCH by UID set and
// SINCE, UID FETCH of UID, RFC822.SIZE, INTERNALDATE, FLAGS and BODY[] / BODY[HEADER], NOOP,
// LOGOUT) over plain TCP. Messages and UIDVALIDITY can change while it runs.
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface ImapMessage {
  uid: number;
  source: string;
  internalDate?: Date;
}

export interface ImapTestServer {
  host: string;
  port: number;
  messages: ImapMessage[];
  uidValidity: number;
  /** Every command line received (LOGIN lines included). */
  commands: string[];
  close(): Promise<void>;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function imapDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCDate())}-${MONTHS[date.getUTCMonth()]}-${date.getUTCFullYear()} ${pad(
    date.getUTCHours(),
  )}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`;
}

/** Whether `uid` is in the sequence set ('1,3:5,9:*'); '*' is the largest UID. */
function inSet(set: string, uid: number, max: number): boolean {
  return set.split(',').some((part) => {
    const [a, b = a] = part.split(':');
    const from = a === '*' ? max : Number(a);
    const to = b === '*' ? max : Number(b);
    return uid >= Math.min(from, to) && uid <= Math.max(from, to);
  });
}

/** The words of a command, with "quoted strings" unquoted. */
function words(text: string): string[] {
  const out: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|(\S+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) out.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]);
  return out;
}

export async function startImapServer(options: {
  users: Record<string, string>;
  messages?: ImapMessage[];
  uidValidity?: number;
}): Promise<ImapTestServer> {
  const sockets = new Set<net.Socket>();
  const state: ImapTestServer = {
    host: '127.0.0.1',
    port: 0,
    messages: options.messages ?? [],
    uidValidity: options.uidValidity ?? 1,
    commands: [],
    close: async () => undefined,
  };

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    let authenticated = false;
    let selected = false;
    const say = (line: string | Buffer) => socket.write(line);
    const line = (text: string) => say(`${text}\r\n`);

    const sorted = () => [...state.messages].sort((a, b) => a.uid - b.uid);

    const fetch = (tag: string, set: string, itemsText: string) => {
      const list = sorted();
      const max = list.length ? list[list.length - 1].uid : 0;
      const items = itemsText.replace(/^\(|\)$/g, '').toUpperCase();
      list.forEach((message, i) => {
        if (!inSet(set, message.uid, max)) return;
        const source = Buffer.from(message.source.replace(/\r?\n/g, '\r\n'), 'utf8');
        const parts: (string | Buffer)[] = [`UID ${message.uid}`];
        if (items.includes('RFC822.SIZE')) parts.push(` RFC822.SIZE ${source.length}`);
        if (items.includes('INTERNALDATE'))
          parts.push(` INTERNALDATE "${imapDate(message.internalDate ?? new Date())}"`);
        if (items.includes('FLAGS')) parts.push(' FLAGS ()');
        if (/BODY(\.PEEK)?\[HEADER\]/.test(items)) {
          const end = source.indexOf('\r\n\r\n');
          const header = end >= 0 ? source.subarray(0, end + 4) : source;
          parts.push(` BODY[HEADER] {${header.length}}\r\n`, header);
        } else if (/BODY(\.PEEK)?\[\]/.test(items)) {
          parts.push(` BODY[] {${source.length}}\r\n`, source);
        }
        say(`* ${i + 1} FETCH (`);
        for (const part of parts) say(part);
        line(')');
      });
      line(`${tag} OK UID FETCH completed`);
    };

    const search = (tag: string, criteria: string[]) => {
      const list = sorted();
      const max = list.length ? list[list.length - 1].uid : 0;
      let matches = list;
      for (let i = 0; i < criteria.length; i++) {
        const key = criteria[i].toUpperCase();
        if (key === 'ALL') continue;
        if (key === 'UID') {
          const set = criteria[++i];
          matches = matches.filter((m) => inSet(set, m.uid, max));
        } else if (key === 'SINCE') {
          const [d, mon, y] = criteria[++i].split('-');
          const since = Date.UTC(Number(y), MONTHS.indexOf(mon), Number(d));
          matches = matches.filter((m) => (m.internalDate ?? new Date()).getTime() >= since);
        } else {
          return line(`${tag} BAD Unsupported search key ${key}`);
        }
      }
      line(`* SEARCH${matches.map((m) => ` ${m.uid}`).join('')}`);
      line(`${tag} OK SEARCH completed`);
    };

    const onLine = (text: string) => {
      state.commands.push(text);
      const [tag = '*', command = '', ...args] = words(text);
      const verb = command.toUpperCase();
      if (verb === 'CAPABILITY') {
        line('* CAPABILITY IMAP4rev1');
        return line(`${tag} OK CAPABILITY completed`);
      }
      if (verb === 'NOOP') return line(`${tag} OK NOOP completed`);
      if (verb === 'LOGOUT') {
        line('* BYE Logging out');
        line(`${tag} OK LOGOUT completed`);
        socket.end();
        return;
      }
      if (verb === 'LOGIN') {
        const [user = '', pass = ''] = args;
        if (options.users[user] !== undefined && options.users[user] === pass) {
          authenticated = true;
          return line(`${tag} OK [CAPABILITY IMAP4rev1] LOGIN completed`);
        }
        return line(`${tag} NO [AUTHENTICATIONFAILED] Invalid credentials`);
      }
      if (!authenticated) return line(`${tag} BAD Log in first`);
      if (verb === 'LIST' || verb === 'LSUB') {
        const pattern = args[1] ?? '';
        if (pattern === '') line(`* ${verb} (\\Noselect) "/" ""`);
        else line(`* ${verb} (\\HasNoChildren) "/" INBOX`);
        return line(`${tag} OK ${verb} completed`);
      }
      if (verb === 'SELECT' || verb === 'EXAMINE') {
        if ((args[0] ?? '').toUpperCase() !== 'INBOX') return line(`${tag} NO No such mailbox`);
        const list = sorted();
        selected = true;
        line('* FLAGS (\\Answered \\Flagged \\Deleted \\Seen \\Draft)');
        line(`* ${list.length} EXISTS`);
        line('* 0 RECENT');
        line(`* OK [UIDVALIDITY ${state.uidValidity}] UIDs valid`);
        line(`* OK [UIDNEXT ${(list[list.length - 1]?.uid ?? 0) + 1}] Predicted next UID`);
        return line(
          `${tag} OK [${verb === 'EXAMINE' ? 'READ-ONLY' : 'READ-WRITE'}] ${verb} completed`,
        );
      }
      if (!selected) return line(`${tag} BAD Select a mailbox first`);
      if (verb === 'UID' && (args[0] ?? '').toUpperCase() === 'SEARCH')
        return search(tag, args.slice(1));
      if (verb === 'UID' && (args[0] ?? '').toUpperCase() === 'FETCH') {
        const rest = text.slice(text.toUpperCase().indexOf('FETCH') + 6).trim();
        const space = rest.indexOf(' ');
        return fetch(tag, rest.slice(0, space), rest.slice(space + 1));
      }
      if (verb === 'CLOSE' || verb === 'UNSELECT') {
        selected = false;
        return line(`${tag} OK ${verb} completed`);
      }
      line(`${tag} BAD Unknown command ${verb}`);
    };

    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      const parts = buffer.split('\r\n');
      buffer = parts.pop() ?? '';
      parts.forEach(onLine);
    });
    line('* OK IMAP test server ready');
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as AddressInfo).port;
  state.close = () =>
    new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return state;
}
