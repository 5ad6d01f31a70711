import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { serverVersion } from '../version';

/**
 * One Prometheus registry per app instance (not prom-client's global one), so several servers in
 * one test process do not collide. Components add their own metrics through `registry`.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  readonly websocketConnections: Gauge;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'tablecast_build_info',
      help: 'Build information; the value is always 1.',
      labelNames: ['version'],
      registers: [this.registry],
    }).set({ version: serverVersion() }, 1);
    this.websocketConnections = new Gauge({
      name: 'tablecast_websocket_connections',
      help: 'Open websocket connections on this process.',
      registers: [this.registry],
    });
  }
}
