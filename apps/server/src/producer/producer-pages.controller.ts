import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  CAPTION_TEMPLATES,
  LOWER_THIRD_CLEAR,
  MatchIdSchema,
  parseCaption,
  parseOverlayCue,
  type OverlayPageView,
} from '@tablecast/protocol';
import { z } from 'zod';
import { RequireRoles } from '../auth/roles.decorator';
import { NotFoundError, RequestValidationError } from '../errors';
import { MatchSeats } from './match-seats';
import { OverlayCuesService } from './overlay-cues.service';
import { OverlayPagesRegistry } from './overlay-pages.registry';
import { ApiZodBody } from '../http/api-zod-body';
import { ZodBody } from '../http/zod-pipe';

const refreshAllBody = z
  .object({ matchId: MatchIdSchema.optional(), page: z.string().min(1).max(64).optional() })
  .optional();
const cueBody = z.object({ matchId: MatchIdSchema, cue: z.unknown() });
const captionBody = z.object({ matchId: MatchIdSchema, caption: z.unknown() });
const templateList = Object.entries(CAPTION_TEMPLATES)
  .map(([name, fields]) => `${name} (${fields.map((f) => `${f.name}${f.required ? '' : '?'}`).join(', ')})`)
  .join('; ');

/** The producer's view of the connected overlay pages: list, remote refresh, manual moments. */
@ApiTags('producer')
@ApiBearerAuth()
@RequireRoles('producer')
@Controller('api/producer')
export class ProducerPagesController {
  constructor(
    private readonly pages: OverlayPagesRegistry,
    private readonly cues: OverlayCuesService,
    private readonly seats: MatchSeats,
  ) {}

  @Get('pages')
  @ApiOkResponse({
    description:
      'Connected overlay pages: page, build, match, audience, lang, connectedAt, lastMessageAt, lastSeq, stale (silent 15 s or behind its feed 5 s).',
  })
  list(): OverlayPageView[] {
    return this.pages.list();
  }

  @Post('pages/refresh')
  @HttpCode(200)
  @ApiZodBody(refreshAllBody, {
    description: 'Every page matching both filters reloads; without a body, every page.',
    examples: {
      table: { summary: 'The table pages of the final', value: { matchId: 'final_2026_t1', page: 'table' } },
    },
  })
  @ApiOkResponse({ description: '{ refreshed }: how many pages were told to reload.' })
  refreshAll(@ZodBody(refreshAllBody, { emptyIsAbsent: true }) filter: z.output<typeof refreshAllBody>): {
    refreshed: number;
  } {
    return { refreshed: this.pages.refresh(filter ?? {}) };
  }

  @Post('pages/:pageId/refresh')
  @HttpCode(200)
  @ApiOkResponse({ description: '{ refreshed: 1 }; 404 when no such page is connected.' })
  refreshOne(@Param('pageId') pageId: string): { refreshed: number } {
    const refreshed = this.pages.refresh({ pageId });
    if (refreshed === 0) throw new NotFoundError(`no connected overlay page ${pageId}`);
    return { refreshed };
  }

  @Post('cues')
  @HttpCode(200)
  @ApiZodBody(cueBody, {
    description:
      "cue: { moment: bomb|straightFlush|fourJokers|tribute|handEnd|penalty|rocket|spring|antiSpring|delayBuilding|clear } or { lowerThird: <seat>|clear }, the seat one of the match's game (S|E|N|W in Guandan and Big Two, 0|1|2 in Dou Dizhu).",
    examples: {
      bomb: {
        summary: 'Replay the latest bomb',
        value: { matchId: 'final_2026_t1', cue: { moment: 'bomb' } },
      },
      lowerThird: {
        summary: "South's lower third",
        value: { matchId: 'final_2026_t1', cue: { lowerThird: 'S' } },
      },
    },
  })
  @ApiOkResponse({ description: '{ delivered }: how many pages of the match got the cue.' })
  async cue(@ZodBody(cueBody) { matchId, cue }: z.output<typeof cueBody>): Promise<{ delivered: number }> {
    const parsed = parseOverlayCue(cue);
    if (!parsed.ok) {
      const [path = 'cue', ...message] = parsed.reason.split(': ');
      throw new RequestValidationError([{ path, message: message.join(': ') }]);
    }
    if ('lowerThird' in parsed.cue && parsed.cue.lowerThird !== LOWER_THIRD_CLEAR) {
      // The seat must be one of the cued match's game; a match the log does not hold yet has no
      // game to check against, and its pages (if any) ignore a seat they do not have.
      const match = await this.seats.of(matchId);
      if (match !== null && !match.seats.includes(parsed.cue.lowerThird))
        throw new RequestValidationError([
          {
            path: 'cue.lowerThird',
            message: `seat ${parsed.cue.lowerThird} is not a seat of ${match.game} (${match.seats.join(', ')})`,
          },
        ]);
    }
    return this.cues.cue(matchId, parsed.cue);
  }

  @Post('lower-third')
  @HttpCode(200)
  @ApiZodBody(captionBody, {
    description: `The producer's lower-third text on air on the match's lower-third pages, from a template: ${templateList}. A lower-third cue ({ lowerThird: <seat>|clear } on /api/producer/cues) takes it off. 400 names the field.`,
    examples: {
      player: {
        summary: 'Introduce a player',
        value: {
          matchId: 'final_2026_t1',
          caption: { template: 'player', fields: { name: '张伟', team: '江苏队' } },
        },
      },
      level: {
        summary: 'The level a side plays (GD-LVL-1)',
        value: {
          matchId: 'final_2026_t1',
          caption: { template: 'level', fields: { team: '江苏队', level: '7' } },
        },
      },
    },
  })
  @ApiOkResponse({ description: '{ delivered }: how many lower-third pages of the match got it.' })
  caption(@ZodBody(captionBody) { matchId, caption }: z.output<typeof captionBody>): { delivered: number } {
    const parsed = parseCaption(caption);
    if (!parsed.ok) throw new RequestValidationError([{ path: parsed.path, message: parsed.message }]);
    return this.cues.caption(matchId, parsed.caption);
  }
}
