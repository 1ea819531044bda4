// What the server sends its database, counted in-process for tests that pin a path's cost
// (decision 0111): socket writes (this process's only sockets in an inject test are the
// database's) and, on PostgreSQL, statements pg submits.
import net from 'node:net';
import pg from 'pg';

export interface TrafficCounter {
  readonly writes: number;
  readonly statements: number;
  stop(): void;
}

/** Counts from now until stop(); always stop() (a finally) or the counting stays in place. */
export function countDatabaseTraffic(): TrafficCounter {
  const socket = net.Socket.prototype as unknown as {
    _writeGeneric: (this: unknown, ...args: unknown[]) => unknown;
  };
  // Every statement pg sends is a Query it submits (pg-pipeline.ts makes one of each).
  const query = pg.Query.prototype as unknown as {
    submit: (this: unknown, ...args: unknown[]) => unknown;
  };
  const write = socket._writeGeneric;
  const submit = query.submit;
  const counter = {
    writes: 0,
    statements: 0,
    stop: () => {
      socket._writeGeneric = write;
      query.submit = submit;
    },
  };
  socket._writeGeneric = function (this: unknown, ...args: unknown[]) {
    counter.writes += 1;
    return write.apply(this, args);
  };
  query.submit = function (this: unknown, ...args: unknown[]) {
    counter.statements += 1;
    return submit.apply(this, args);
  };
  return counter;
}
