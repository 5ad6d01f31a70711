import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/** obs-websocket 5's JSON subprotocol, the one the bridge speaks (obs-websocket-js/json). */
const PROTOCOL = 'obswebsocket.json';
const OP = { hello: 0, identify: 1, identified: 2, event: 5, request: 6, response: 7 } as const;

/** What a fresh OBS answers to the bridge's reads: one collection, studio mode off. */
const ANSWERS: Readonly<Record<string, unknown>> = {
  GetSceneCollectionList: { currentSceneCollectionName: 'Untitled', sceneCollections: ['Untitled'] },
  GetStudioModeEnabled: { studioModeEnabled: false },
  GetStats: {
    activeFps: 30,
    renderSkippedFrames: 0,
    renderTotalFrames: 1,
    outputSkippedFrames: 0,
    outputTotalFrames: 1,
    averageFrameRenderTime: 1,
  },
  GetVideoSettings: { baseWidth: 1920, baseHeight: 1080 },
};

interface Request {
  readonly socket: WebSocket;
  readonly requestType: string;
  readonly requestId: string;
  readonly requestData: Readonly<Record<string, unknown>>;
}

/**
 * A stand-in for obs-websocket 5 on a real socket, for what a real OBS cannot be made to do on
 * cue: answer one request only when the test says so (OBS busy loading a collection), or send an
 * event only then (OBS reporting a switch its UI thread finished). It greets,
 * accepts any Identify (no password), answers every request at once (ANSWERS, `answerWith`, the
 * scene switching it keeps, or empty data), except those of the types it was told to hold, which
 * wait for `release`. It starts with one scene, `Scene`, on program.
 */
export class FakeObsWebSocket {
  /** Every request received, in order. */
  readonly requests: Request[] = [];
  /** Sockets that identified: one per connection the bridge made. */
  identified = 0;
  private readonly held = new Set<string>();
  private readonly answers = new Map<string, unknown>(Object.entries(ANSWERS));
  private readonly waiting: Request[] = [];
  /** The program and preview scenes, as program changes and studio-mode takes leave them. */
  private program = 'Scene';
  private preview: string | null = null;
  private readonly scenes = ['Scene'];
  private readonly port: number;

  private constructor(private server: WebSocketServer) {
    this.port = (server.address() as AddressInfo).port;
    this.serve(server);
  }

  static async start(port = 0): Promise<FakeObsWebSocket> {
    return new FakeObsWebSocket(await listen(port));
  }

  get url(): string {
    return `ws://127.0.0.1:${String(this.port)}`;
  }

  /** Adds scenes to its collection (the final's, for a test that switches among them). */
  addScenes(...names: string[]): void {
    this.scenes.push(...names.filter((name) => !this.scenes.includes(name)));
  }

  /** Listens again on the same port after `stop`, as an OBS restarted on its machine. */
  async restart(): Promise<void> {
    this.server = await listen(this.port);
    this.serve(this.server);
  }

  private serve(server: WebSocketServer): void {
    server.on('connection', (socket) => {
      this.send(socket, OP.hello, { obsWebSocketVersion: '5.1.0', rpcVersion: 1 });
      socket.on('message', (raw: Buffer) => {
        this.receive(socket, JSON.parse(raw.toString('utf8')) as { op: number; d: Record<string, unknown> });
      });
    });
  }

  /** How many requests of a type were received. */
  count(requestType: string): number {
    return this.requests.filter((request) => request.requestType === requestType).length;
  }

  /** The `sceneName` of each program change received, in order. */
  programScenes(): unknown[] {
    return this.requests
      .filter((request) => request.requestType === 'SetCurrentProgramScene')
      .map((request) => request.requestData.sceneName);
  }

  /** What requests of this type are answered from now on. */
  answerWith(requestType: string, responseData: unknown): void {
    this.answers.set(requestType, responseData);
  }

  /** Sends an event to every connected socket, as OBS does when its state changes. */
  emit(eventType: string, eventData: Readonly<Record<string, unknown>>): void {
    for (const socket of this.server.clients)
      this.send(socket, OP.event, { eventType, eventIntent: 0, eventData });
  }

  /** Requests of this type are left unanswered until released. */
  hold(requestType: string): void {
    this.held.add(requestType);
  }

  /** Answers the held requests of this type, and the later ones at once. */
  release(requestType: string): void {
    this.held.delete(requestType);
    for (const request of this.waiting.filter((waiting) => waiting.requestType === requestType)) {
      this.waiting.splice(this.waiting.indexOf(request), 1);
      this.answer(request);
    }
  }

  async stop(): Promise<void> {
    for (const socket of this.server.clients) socket.terminate();
    await new Promise<void>((resolve) => {
      this.server.close(() => {
        resolve();
      });
    });
  }

  private receive(socket: WebSocket, message: { op: number; d: Record<string, unknown> }): void {
    if (message.op === OP.identify) {
      this.identified += 1;
      this.send(socket, OP.identified, { negotiatedRpcVersion: 1 });
      return;
    }
    if (message.op !== OP.request) return;
    const request = {
      socket,
      requestType: String(message.d.requestType),
      requestId: String(message.d.requestId),
      requestData: (message.d.requestData ?? {}) as Readonly<Record<string, unknown>>,
    };
    this.requests.push(request);
    if (this.held.has(request.requestType)) this.waiting.push(request);
    else this.answer(request);
  }

  private answer({ socket, requestType, requestId, requestData }: Request): void {
    this.send(socket, OP.response, {
      requestType,
      requestId,
      requestStatus: { result: true, code: 100 },
      responseData: this.answers.get(requestType) ?? this.switching(requestType, requestData),
    });
  }

  /** The scene switching an OBS does: what was put on program or preview reads back, a take swaps. */
  private switching(requestType: string, data: Readonly<Record<string, unknown>>): unknown {
    switch (requestType) {
      case 'SetCurrentProgramScene':
        this.program = String(data.sceneName);
        return {};
      case 'SetCurrentPreviewScene':
        this.preview = String(data.sceneName);
        return {};
      case 'TriggerStudioModeTransition':
        [this.program, this.preview] = [this.preview ?? this.program, this.program];
        return {};
      case 'GetCurrentProgramScene':
        return { currentProgramSceneName: this.program };
      case 'GetCurrentPreviewScene':
        return { currentPreviewSceneName: this.preview };
      case 'GetCurrentSceneTransitionCursor':
        return { transitionCursor: 1 };
      case 'GetSceneList':
        return {
          currentProgramSceneName: this.program,
          currentPreviewSceneName: this.preview,
          scenes: this.scenes.map((sceneName, sceneIndex) => ({ sceneName, sceneIndex })),
        };
      default:
        return {};
    }
  }

  private send(socket: WebSocket, op: number, d: unknown): void {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ op, d }));
  }
}

function listen(port: number): Promise<WebSocketServer> {
  const server = new WebSocketServer({
    host: '127.0.0.1',
    port,
    handleProtocols: (protocols) => (protocols.has(PROTOCOL) ? PROTOCOL : false),
  });
  return new Promise((resolve, reject) => {
    server.once('listening', () => {
      resolve(server);
    });
    server.once('error', reject);
  });
}
