import type { ProgramView } from '@tablecast/protocol/producer';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import type { Lang } from '../../lib/i18n';
import { programMessages } from './program-messages';
import ProgramGrid from './ProgramGrid.svelte';

const delay = (matchId: string, feedState: 'live' | 'building') => ({
  matchId,
  delaySeconds: 120,
  feedState,
  releasedUpTo: null,
  buildingEndsAt: null,
});

/** Two tables of round 3, table 1 on air, table 2 in preview with a bomb proposed there. */
const program: ProgramView = {
  onAir: 't1',
  preview: 't2',
  tournamentId: 'open2026',
  round: 3,
  tables: [
    {
      table: 't1',
      number: 1,
      matchId: 'open2026.r3.t1',
      live: {
        status: 'live',
        played: 4,
        score: [
          { side: '江苏队', value: 'J' },
          { side: '安徽队', value: '9' },
        ],
        asOf: '',
      },
      delay: delay('open2026.r3.t1', 'live'),
      onAir: true,
      preview: false,
    },
    {
      table: 't2',
      number: 2,
      matchId: 'open2026.r3.t2',
      live: null,
      delay: delay('open2026.r3.t2', 'building'),
      onAir: false,
      preview: true,
    },
  ],
  proposals: [
    {
      id: 'p7',
      table: 't2',
      number: 2,
      matchId: 'open2026.r3.t2',
      moment: 'bomb',
      detail: 'S played 5S 5H 5C 5D (bomb)',
      parts: [{ code: 'bombPlayed', params: { seat: 'S', cards: ['5S', '5H', '5C', '5D'], combo: 'bomb' } }],
      releasedAt: '2026-11-28T20:02:00.000Z',
    },
  ],
};

const proposalOf = (view: ProgramView): ProgramView['proposals'][number] => {
  const first = view.proposals[0];
  if (first === undefined) throw new Error('no proposal in the fixture');
  return first;
};

const draw = (lang: Lang, view: ProgramView | null = program): string =>
  render(ProgramGrid, {
    props: {
      program: view,
      text: programMessages[lang],
      lang,
      link: 'open',
      failure: null,
      busy: false,
      send: () => Promise.resolve(),
    },
  }).body;

describe('the producer’s table grid and proposals', () => {
  it('zh-CN by default: each table with its venue score and delay state, the proposal to cut', () => {
    const html = draw('zh-CN');
    expect(html).toContain('赛事 open2026 · 第 3 轮');
    expect(html).toContain('第 1 桌');
    expect(html).toContain('播出中');
    expect(html).toContain('江苏队 <b>J</b>');
    expect(html).toContain('已打 4 副');
    expect(html).toContain('延时正常');
    expect(html).toContain('等待现场数据');
    expect(html).toContain('延时建立中');
    expect(html).toContain('切到第 2 桌：炸弹');
    // The proposal's own element names its table and moment, whatever the attribute order.
    const proposal = /<li data-testid="proposal"[^>]*>/.exec(html)?.[0] ?? '';
    expect(proposal).toContain('data-table="t2"');
    expect(proposal).toContain('data-moment="bomb"');
    // The proposal's line worded from its codes: the seat by Guandan's name for it, the combination in Chinese.
    expect(html).toContain('南打出 5S 5H 5C 5D（炸弹）');
    expect(html).not.toContain('S played');
    expect(html).toContain('采纳');
    expect(html).toContain('忽略');
  });

  it('English with lang=en', () => {
    const html = draw('en');
    expect(html).toContain('Event open2026 · round 3');
    expect(html).toContain('Table 1');
    expect(html).toContain('Cut to table 2: Bomb');
    expect(html).toContain('South played 5S 5H 5C 5D (bomb)');
    expect(html).toContain('Delay building');
    // Nothing in Chinese but the teams' own names.
    expect(html.replaceAll('江苏队', '').replaceAll('安徽队', '')).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('another game’s moment names its seat by that game’s skin; a match end by its id', () => {
    const proposals: ProgramView['proposals'] = [
      {
        ...proposalOf(program),
        id: 'p8',
        table: 't3',
        number: 3,
        moment: 'rocket',
        detail: 'doudizhu rocket by seat 1 (DDZ-COMBO-1)',
        parts: [
          {
            code: 'gameMoment',
            params: { game: 'doudizhu', kind: 'rocket', seat: '1', rule: 'DDZ-COMBO-1' },
          },
        ],
      },
      {
        ...proposalOf(program),
        id: 'p9',
        table: 't4',
        number: 4,
        moment: 'matchEnd',
        detail: 'match open2026.r3.t4 ended',
        parts: [{ code: 'matchEnded', params: { matchId: 'open2026.r3.t4' } }],
      },
    ];
    const zh = draw('zh-CN', { ...program, proposals });
    expect(zh).toContain('时刻：王炸（2号位）（DDZ-COMBO-1）');
    expect(zh).toContain('比赛 open2026.r3.t4 结束');
    const en = draw('en', { ...program, proposals });
    expect(en).toContain('Rocket by Seat 2 (DDZ-COMBO-1)');
    expect(en).toContain('match open2026.r3.t4 ended');
  });

  it('no parts (an older server), none in the list, or a code it does not know: the server’s own text', () => {
    // As an older server sends it: no `parts` key at all.
    const older = Object.fromEntries(Object.entries(proposalOf(program)).filter(([key]) => key !== 'parts'));
    const unknown = {
      ...proposalOf(program),
      id: 'p8',
      table: 't3',
      number: 3,
      detail: 'something new at t3',
    };
    const proposals = [
      older,
      { ...proposalOf(program), id: 'p10', table: 't5', number: 5, detail: 'nothing coded', parts: [] },
      { ...unknown, parts: [{ code: 'somethingNew', params: {} }] },
    ] as unknown as ProgramView['proposals'];
    const zh = draw('zh-CN', { ...program, proposals });
    expect(zh).toContain('S played 5S 5H 5C 5D (bomb)');
    expect(zh).toContain('nothing coded');
    expect(zh).toContain('something new at t3');
  });

  it('a table without a tournament number is named by its id; nothing listed says so', () => {
    const untitled = { ...program, tournamentId: null, round: null, proposals: [], tables: [] };
    const html = draw('zh-CN', untitled);
    expect(html).toContain('所有有比赛的桌');
    expect(html).toContain('暂无在赛的桌');
    expect(html).toContain('暂无建议');
  });
});
