// The cluster's per-process figures in one answer (decision 0105). With node:cluster each
// worker keeps its own latency histograms and pool figures; a load balancer sends a scrape
// to any one of them. That worker asks the primary over IPC; the primary gathers every
// worker's registries with prom-client's AggregatorRegistry (sums; its own rules for Node's
// figures) and answers with the text. Figures read from the database are not part of it:
// the answering worker adds them once (metrics.ts).
//
//   worker                        primary                         every worker
//   {wallet:metrics?, id}  --->   aggregator.clusterMetrics() ---> prom-client's own request
//                          <---   {wallet:metrics, id, text}  <--- registries as JSON
import cluster from 'node:cluster';
import type { Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import type { Registry } from 'prom-client';

const REQUEST = 'wallet:metrics?';
const REPLY = 'wallet:metrics';
/** Longer than prom-client's own 5 s wait for the workers, so its error arrives first. */
const ASK_TIMEOUT_MS = 6000;

interface AskMessage {
  type: typeof REQUEST;
  id: number;
}
interface ReplyMessage {
  type: typeof REPLY;
  id: number;
  text?: string;
  error?: string;
}

const isAsk = (message: unknown): message is AskMessage =>
  typeof message === 'object' && message !== null && (message as AskMessage).type === REQUEST;
const isReply = (message: unknown): message is ReplyMessage =>
  typeof message === 'object' && message !== null && (message as ReplyMessage).type === REPLY;

/**
 * In the primary: answers the workers' requests for the cluster's figures. Call once, before
 * forking. Returns a function that stops answering.
 */
export function startPrimaryMetrics(): () => void {
  const aggregator = new AggregatorRegistry();
  const onMessage = (worker: Worker, message: unknown) => {
    if (!isAsk(message)) return;
    const answer = (reply: Omit<ReplyMessage, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: REPLY, id: message.id, ...reply });
    };
    aggregator.clusterMetrics().then(
      (text) => answer({ text }),
      (error: unknown) => answer({ error: error instanceof Error ? error.message : 'failed' }),
    );
  };
  cluster.on('message', onMessage);
  return () => void cluster.off('message', onMessage);
}

let workerListening = false;

/** In a worker: the registries the primary's aggregator reads (prom-client answers it). */
export function serveWorkerMetrics(registries: Registry[]): void {
  // Constructing an AggregatorRegistry in a worker installs prom-client's answering listener.
  if (!workerListening) {
    new AggregatorRegistry();
    workerListening = true;
  }
  AggregatorRegistry.setRegistries(registries);
}

let nextId = 1;
const waiting = new Map<number, (text: string | undefined) => void>();
let replyListener = false;
/** One question at a time per worker: scrapes arriving meanwhile share its answer. */
let inFlight: Promise<string | undefined> | undefined;

/**
 * In a worker: the cluster's per-process figures as Prometheus text, or undefined when the
 * primary does not answer in time (a worker being replaced, or a primary without
 * startPrimaryMetrics): the caller then serves this process's own figures.
 */
export function askPrimaryForClusterMetrics(): Promise<string | undefined> {
  if (!process.send) return Promise.resolve(undefined);
  if (!replyListener) {
    replyListener = true;
    process.on('message', (message: unknown) => {
      if (!isReply(message)) return;
      waiting.get(message.id)?.(message.error === undefined ? message.text : undefined);
    });
  }
  inFlight ??= new Promise<string | undefined>((resolve) => {
    const id = nextId++;
    const timer = setTimeout(() => finish(undefined), ASK_TIMEOUT_MS);
    const finish = (text: string | undefined) => {
      clearTimeout(timer);
      waiting.delete(id);
      resolve(text);
    };
    waiting.set(id, finish);
    process.send!({ type: REQUEST, id } satisfies AskMessage);
  }).finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}
