import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** What processes listen on, read from Linux's /proc: the kernel's own tables, not what the product says. */

/** The process and every process below it (children, their children…). */
export function processTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(name)]);
    } catch {
      // gone meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i += 1) tree.push(...(parents.get(tree[i]!) ?? []));
  return tree;
}

/** The inodes of the sockets a process holds open. */
function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      const match = /^socket:\[(\d+)\]$/.exec(target);
      if (match) inodes.add(match[1]!);
    } catch {
      // closed meanwhile
    }
  }
  return inodes;
}

export interface Listener {
  pid: number;
  kind: 'tcp' | 'tcp6' | 'unix';
  /** The TCP port, or the Unix socket's path. */
  address: string;
}

/** Every listening TCP (v4 and v6) and Unix stream socket held by these processes. */
export function listenersOf(pids: number[]): Listener[] {
  const byInode = new Map<string, Omit<Listener, 'pid'>>();
  for (const kind of ['tcp', 'tcp6'] as const) {
    for (const line of readFileSync(`/proc/net/${kind}`, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // local_address is ADDR:PORT in hex; state 0A is LISTEN; the inode is the tenth field.
      if (f.length < 10 || f[3] !== '0A') continue;
      byInode.set(f[9]!, { kind, address: String(parseInt(f[1]!.split(':')[1]!, 16)) });
    }
  }
  for (const line of readFileSync('/proc/net/unix', 'utf8').split('\n').slice(1)) {
    const f = line.trim().split(/\s+/);
    // Flags 00010000 is __SO_ACCEPTCON (listening); the path, when bound to one, is the eighth field.
    if (f.length < 8 || f[3] !== '00010000') continue;
    byInode.set(f[6]!, { kind: 'unix', address: f[7]! });
  }
  const found: Listener[] = [];
  for (const pid of pids) {
    for (const inode of socketInodes(pid)) {
      const listener = byInode.get(inode);
      if (listener) found.push({ pid, ...listener });
    }
  }
  return found;
}
