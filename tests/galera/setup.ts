import type { TestProject } from 'vitest/node';
import { nodeStatus, NODES, startCluster, stopCluster } from '../../scripts/cluster.js';

/**
 * With GALERA=1 (or REQUIRE_GALERA=1) starts the three-node cluster (scripts/cluster.ts) unless it is
 * up already, and stops it after the run if it started it here. Without either the suite is skipped:
 * the cluster takes three MariaDB servers.
 */
export default async function setup(project: TestProject) {
  const wanted = process.env.GALERA === '1' || process.env.REQUIRE_GALERA === '1';
  if (!wanted) {
    console.warn('GALERA=1 not set: the Galera suite (three MariaDB nodes) is skipped.');
    project.provide('galeraAvailable', false);
    return;
  }
  const wasUp = (await Promise.all(NODES.map(nodeStatus))).every((s) => s?.state === 'Synced');
  await startCluster();
  project.provide('galeraAvailable', true);
  return async () => {
    if (!wasUp) await stopCluster();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    galeraAvailable: boolean;
  }
}
