import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  Optional,
} from '@nestjs/common';
import { seededPrng, type Prng } from '@tablecast/cards';
import type { Lease } from '@tablecast/event-store';
import type { AnyGameModule } from '@tablecast/game-kit';
import type { PlayerPrincipal, Principal } from '../auth/roles';
import { ENTROPY, type Entropy } from '../clock/clock';
import { RequestValidationError } from '../errors';
import { AppendFence } from '../leases/append-fence';
import { MatchCommandService } from '../matches/match-command.service';
import { CommandForbiddenError, StaleRevisionError } from '../matches/match.errors';
import { mayOperateTable } from '../auth/roles';
import { ProjectionRunner } from '../projections/projection-runner.service';
import type { SeatBotRequest, SeatedBot } from './seat-bot-requests';
import {
  SINGLETON_MODE,
  startsAtBoot,
  type Singleton,
  type SingletonMode,
} from '../singletons/singleton-mode';
import { ControlStandbyError } from '../singletons/standby-error';

interface Bot {
  readonly matchId: string;
  /** The module's seat id (a number's digits). */
  readonly seat: string;
  readonly paceMs: number;
  /** What the API answers for it: the seat as the request took it. */
  readonly seated: SeatedBot;
  readonly game: string;
  /** The game's bot (its module's `seatBotCommand`). */
  readonly decide: NonNullable<AnyGameModule['seatBotCommand']>;
  /**
   * The seat's player, as the terminal's moves are recorded (role `player`), named as software
   * (`bot:<table>:seat-<seat>`): arbitration tells a bot's move from a person's and an operator's.
   */
  readonly principal: PlayerPrincipal;
  readonly prng: Prng;
  readonly abort: AbortController;
  moves: number;
  /** The loop in progress, if any; `again` asks it to look once more when it has finished. */
  running: Promise<void> | null;
  again: boolean;
}

/**
 * Bots on seats (DDZ-GEN-3, 人机赛): software plays a seat of a match through the same command path
 * as a person (MatchCommandService, at the revision it read), woken by every batch of appended
 * events, while people play the other seats. A move that loses a race (409) is decided again.
 */
@Injectable()
export class SeatBots implements OnApplicationBootstrap, OnModuleDestroy, Singleton {
  private readonly logger = new Logger('SeatBots');
  private readonly bots = new Map<string, Bot>();
  private stopWatching: (() => void) | undefined;
  /** Whether this process plays bots: at boot, or once it holds the control lease, until stopped. */
  private playing = false;
  /** The control lease's grant the bots were started under (TC-SCALE-1), none in the `all` role. */
  private grant: Lease | undefined;

  constructor(
    private readonly matches: MatchCommandService,
    private readonly projections: ProjectionRunner,
    @Inject(ENTROPY) private readonly entropy: Entropy,
    private readonly fence: AppendFence,
    @Optional() @Inject(SINGLETON_MODE) private readonly mode?: SingletonMode,
  ) {}

  onApplicationBootstrap(): void {
    if (startsAtBoot(this.mode)) this.startSingleton();
  }

  startSingleton(): void {
    if (this.playing) return;
    this.playing = true;
    this.grant = this.fence.current();
    this.stopWatching = this.projections.onUpdate(() => {
      for (const bot of this.bots.values()) this.wake(bot);
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.stopSingleton();
  }

  async stopSingleton(): Promise<void> {
    this.playing = false;
    this.stopWatching?.();
    this.stopWatching = undefined;
    const bots = [...this.bots.values()];
    this.bots.clear();
    for (const bot of bots) bot.abort.abort();
    await Promise.all(bots.flatMap((bot) => (bot.running ? [bot.running] : [])));
  }

  /** Seats a bot (replacing one already there); `by` must be the referee or the table's operator. */
  async seat(request: SeatBotRequest, by: Principal): Promise<SeatedBot> {
    // Only the control lease's holder plays bots: one bot per seat in the whole deployment.
    if (!this.playing) throw new ControlStandbyError(`seat a bot on ${request.matchId}`);
    const match = await this.matches.read(request.matchId);
    const module = match.module;
    if (module.seatBotCommand === undefined) {
      throw new RequestValidationError([
        {
          path: 'matchId',
          message: `match ${request.matchId} is a ${match.game} match; no bot plays ${match.game}`,
        },
      ]);
    }
    const seat = String(request.seat);
    if (!match.module.seats.includes(seat)) {
      throw new RequestValidationError([
        {
          path: 'seat',
          message: `seat ${seat} is not at a ${match.game} table: expected one of ${match.module.seats.join(', ')}`,
        },
      ]);
    }
    if (by.role !== 'referee' && !mayOperateTable(by, match.table)) {
      throw new CommandForbiddenError(`${by.actorId} may not seat a bot at table ${match.table}`);
    }
    await this.unseat(request.matchId, seat);
    const bot: Bot = {
      matchId: request.matchId,
      seat,
      paceMs: request.paceMs,
      seated: { matchId: request.matchId, seat: request.seat, paceMs: request.paceMs },
      game: match.game,
      decide: (state, seat, random) => module.seatBotCommand?.(state, seat, random) ?? null,
      principal: { role: 'player', table: match.table, actorId: `bot:${match.table}:seat-${seat}` },
      prng: seededPrng(request.seed ?? this.entropy.token(16)),
      abort: new AbortController(),
      moves: 0,
      running: null,
      again: false,
    };
    this.bots.set(keyOf(request.matchId, seat), bot);
    this.wake(bot);
    return bot.seated;
  }

  async unseat(matchId: string, seat: string | number): Promise<boolean> {
    const key = keyOf(matchId, String(seat));
    const bot = this.bots.get(key);
    if (!bot) return false;
    this.bots.delete(key);
    bot.abort.abort();
    await bot.running;
    return true;
  }

  list(): SeatedBot[] {
    return [...this.bots.values()].map((bot) => bot.seated);
  }

  private wake(bot: Bot): void {
    if (bot.running) {
      bot.again = true;
      return;
    }
    // A bot is woken by a request or a projection update, outside the singleton's start: its moves
    // are fenced by the grant the bots were started under all the same.
    const grant = this.grant;
    const running = grant === undefined ? this.run(bot) : this.fence.runUnder(grant, () => this.run(bot));
    bot.running = running.finally(() => {
      bot.running = null;
    });
  }

  private async run(bot: Bot): Promise<void> {
    // A function, not a narrowed property read: events arriving while the loop awaits set it.
    const lookAgain = (): boolean => bot.again && !bot.abort.signal.aborted;
    do {
      bot.again = false;
      try {
        while (!bot.abort.signal.aborted && (await this.step(bot))) {
          // Moved: look again at once (its own move may have made it the seat to act again).
        }
      } catch (error) {
        if (bot.abort.signal.aborted) return;
        // A refusal other than a lost race: said once, then the bot waits for the next events.
        this.logger.warn(
          `bot ${bot.principal.actorId} on ${bot.matchId}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    } while (lookAgain());
  }

  /** One move if the seat must act now; true if it moved or lost a race (look again). */
  private async step(bot: Bot): Promise<boolean> {
    const match = await this.matches.read(bot.matchId);
    const command = bot.decide(match.state, bot.seat, bot.prng);
    if (command === null) return false;
    if (bot.paceMs > 0 && !(await pause(bot.paceMs, bot.abort.signal))) return false;
    bot.moves += 1;
    try {
      await this.matches.execute(
        bot.matchId,
        {
          game: bot.game,
          revision: match.revision,
          idempotencyKey: `seat-bot:${bot.principal.actorId}:${String(bot.moves)}:${this.entropy.token(6)}`,
          command,
        },
        bot.principal,
      );
    } catch (error) {
      if (error instanceof StaleRevisionError) return true;
      throw error;
    }
    return true;
  }
}

function keyOf(matchId: string, seat: string): string {
  return `${matchId}\u0000${seat}`;
}

/** Waits `ms`; false if aborted first. */
function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve(false);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    function onAbort(): void {
      clearTimeout(timer);
      resolve(false);
    }
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
