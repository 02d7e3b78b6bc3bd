// The memory of each process of a running server (issue 72), read from /proc: its role (AGENDA_ROLE), its RSS, its
// proportional share (PSS, from smaps_rollup), what it alone maps and what it shares. Used by bench:scale and
// bench:idle-memory.
import fs from 'node:fs';

export interface ProcessMemory {
  role: string;
  rssMb: number;
  /** Its proportional share (PSS): shared pages divided among the processes that map them (issue 72's measure). */
  pssMb: number;
  anonMb: number;
  /** Pages only this process maps (its heaps, what it alone reads of a file). */
  privateMb: number;
  /** Pages it maps with other processes: Node's binary and the shared libraries, above all. */
  sharedMb: number;
}

/**
 * What the instance holds, as the kernel counts a container's memory (Cloud Run's limit): each process's private pages,
 * and the pages they share counted once (the largest shared set: every process maps the same binary). A sum of RSS
 * counts the binary once per process; a sum of PSS divides it with any other process of the machine that runs the same
 * binary (the bench itself), and so says less than the container would hold.
 */
export const instanceMb = (memory: ProcessMemory[]) =>
  memory.reduce((s, m) => s + m.privateMb, 0) + Math.max(0, ...memory.map((m) => m.sharedMb));

/** Each process of the server's group (startServer detaches it): its role (AGENDA_ROLE), its RSS, private and shared. */
export function groupMemory(pgid: number): ProcessMemory[] {
  const found: ProcessMemory[] = [];
  for (const entry of fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      if (fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[2] !== String(pgid)) continue;
      const status = fs.readFileSync(`/proc/${entry}/status`, 'utf8');
      const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
      const environ = fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      const role =
        Number(entry) === pgid
          ? 'supervision'
          : (environ.find((v) => v.startsWith('AGENDA_ROLE='))?.slice(12) ?? 'web');
      const rollup = fs.readFileSync(`/proc/${entry}/smaps_rollup`, 'utf8');
      const rolled = (...fields: string[]) =>
        fields.reduce((s, f) => s + Number(new RegExp(`^${f}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0), 0) / 1024;
      found.push({
        role,
        rssMb: kb('VmRSS'),
        pssMb: rolled('Pss'),
        anonMb: kb('RssAnon'),
        privateMb: rolled('Private_Clean', 'Private_Dirty'),
        sharedMb: rolled('Shared_Clean', 'Shared_Dirty'),
      });
    } catch {}
  }
  return found.sort((a, b) => a.role.localeCompare(b.role));
}

export const rssSum = (memory: ProcessMemory[]) => memory.reduce((s, m) => s + m.rssMb, 0);
export const describeMemory = (memory: ProcessMemory[]) =>
  `${memory.map((m) => `${m.role} ${m.rssMb.toFixed(0)} (PSS ${m.pssMb.toFixed(0)}, anon ${m.anonMb.toFixed(0)}, privé ${m.privateMb.toFixed(0)})`).join(', ')} ; en tout ${memory.reduce((s, m) => s + m.pssMb, 0).toFixed(0)} Mo de PSS (objectif au repos ≤ 150), ${rssSum(memory).toFixed(0)} Mo de RSS additionnée, ${instanceMb(memory).toFixed(0)} Mo pour l’instance (privé + partagé compté une fois)`;
