import type * as KurrentClient from '@kurrent/kurrentdb-client';
import { createRequire } from 'node:module';

let loaded: typeof KurrentClient | undefined;

/**
 * The KurrentDB client library (gRPC and its generated protobuf code), loaded the first time a
 * KurrentDB log is opened. Every process that opens the embedded SQLite log (the server by default,
 * `tablecast verify`, each test) imports this package through its index; it then never pays for
 * loading a client it does not use.
 */
export function kurrentClient(): typeof KurrentClient {
  loaded ??= createRequire(__filename)('@kurrent/kurrentdb-client') as typeof KurrentClient;
  return loaded;
}
