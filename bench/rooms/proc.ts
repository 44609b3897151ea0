/**
 * A process's own CPU time and resident memory, from Linux's /proc: the portal's process alone
 * (not the build checker it starts), and the bot processes, to see whether the load generator
 * itself ran short of CPU.
 */
import { readFileSync } from 'node:fs';

/** CPU seconds (user + system) the process has used so far (clock ticks of 1/100 s). */
export function cpuSeconds(pid: number): number {
  // The command name, in parentheses, may hold spaces: fields are counted after it.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The process's resident memory, in MB. */
export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((entry) => entry.startsWith('VmRSS:'))!;
  return Number(line.split(/\s+/)[1]) / 1024;
}

export const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
