/**
 * What keeps an element alive: a heap snapshot of the page (DevTools protocol) and the shortest chain
 * of strong references from the snapshot's root to an element `<tagName …>`. Leak checks put it in
 * their failure message, so a leak seen once (in CI, say) says what to fix.
 */
import type { Page } from 'puppeteer-core';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

async function takeSnapshot(page: Page): Promise<Snapshot> {
  const session = await page.createCDPSession();
  const chunks: string[] = [];
  session.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => chunks.push(chunk));
  try {
    await session.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    await session.detach();
  }
  return JSON.parse(chunks.join('')) as Snapshot;
}

/** The retainer path of one live `<tagName>`, one reference a line, or a sentence saying none was found. */
export async function retainerPath(page: Page, tagName: string): Promise<string> {
  const { snapshot, nodes, edges, strings } = await takeSnapshot(page);
  const {
    node_fields: nodeFields,
    node_types: [nodeTypes],
    edge_fields: edgeFields,
    edge_types: [edgeTypes],
  } = snapshot.meta;
  const nodeSize = nodeFields.length;
  const edgeSize = edgeFields.length;
  const [typeAt, nameAt, edgeCountAt] = ['type', 'name', 'edge_count'].map((field) => nodeFields.indexOf(field)) as [
    number,
    number,
    number,
  ];
  const [edgeTypeAt, edgeNameAt, toAt] = ['type', 'name_or_index', 'to_node'].map((field) => edgeFields.indexOf(field)) as [
    number,
    number,
    number,
  ];
  const nodeCount = nodes.length / nodeSize;
  const name = (node: number) => strings[nodes[node * nodeSize + nameAt]!]!;
  const describe = (node: number) => `${nodeTypes[nodes[node * nodeSize + typeAt]!]} ${name(node).slice(0, 80)}`;

  const firstEdge = new Uint32Array(nodeCount + 1);
  for (let node = 0, edge = 0; node < nodeCount; node++) {
    firstEdge[node] = edge;
    edge += nodes[node * nodeSize + edgeCountAt]! * edgeSize;
    firstEdge[node + 1] = edge;
  }
  const target = (node: number) => name(node).startsWith(`<${tagName}`);

  // Breadth first from the root (node 0) over strong references: the first element found has the
  // shortest path.
  const via = new Int32Array(nodeCount).fill(-1);
  const label: string[] = [];
  const queue = [0];
  via[0] = 0;
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!;
    if (node !== 0 && target(node)) {
      const path: string[] = [];
      for (let at = node; at !== 0; at = via[at]!) path.unshift(`${label[at]} → ${describe(at)}`);
      return path.join('\n');
    }
    for (let edge = firstEdge[node]!; edge < firstEdge[node + 1]!; edge += edgeSize) {
      const type = edgeTypes[edges[edge + edgeTypeAt]!]!;
      if (type === 'weak' || type === 'shortcut') continue;
      const to = edges[edge + toAt]! / nodeSize;
      if (via[to] !== -1) continue;
      via[to] = node;
      const edgeName = edges[edge + edgeNameAt]!;
      label[to] = type === 'element' || type === 'hidden' ? `[${edgeName}]` : `.${strings[edgeName]}`;
      queue.push(to);
    }
  }
  return `no <${tagName}> is reachable from the heap's roots (it may be collected by now)`;
}
