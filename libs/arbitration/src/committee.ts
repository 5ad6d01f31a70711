import { arbitrationViolation, type ArbitrationViolation } from './arbitration-rules';

export type CommitteeVote = 'uphold' | 'dismiss';

export interface MemberVote {
  readonly memberId: string;
  readonly vote: CommitteeVote;
}

export interface Tally {
  readonly ok: true;
  readonly uphold: number;
  readonly dismiss: number;
  /** GD-APL-2: the majority decides. */
  readonly decision: CommitteeVote;
}

/**
 * GD-APL-2: the committee has an odd number of members, three or more, every member votes once,
 * and the majority decides (an odd committee always has one).
 */
export function tallyVotes(
  committee: readonly string[],
  votes: readonly MemberVote[],
): Tally | ArbitrationViolation {
  const members = new Set(committee);
  if (members.size !== committee.length) {
    return arbitrationViolation('GD-APL-2', 'a committee member is listed twice', '仲裁委员名单有重复');
  }
  if (committee.length < 3 || committee.length % 2 === 0) {
    return arbitrationViolation(
      'GD-APL-2',
      `the arbitration committee must have an odd number of members, three or more (got ${String(committee.length)})`,
      `仲裁委员会须由三人以上单数组成（现有 ${String(committee.length)} 人）`,
    );
  }
  const voted = new Set<string>();
  for (const { memberId } of votes) {
    if (!members.has(memberId)) {
      return arbitrationViolation(
        'GD-APL-2',
        `${memberId} is not on the committee`,
        `${memberId} 不是仲裁委员`,
      );
    }
    if (voted.has(memberId)) {
      return arbitrationViolation('GD-APL-2', `${memberId} voted twice`, `${memberId} 重复投票`);
    }
    voted.add(memberId);
  }
  const missing = committee.filter((m) => !voted.has(m));
  if (missing.length > 0) {
    return arbitrationViolation(
      'GD-APL-2',
      `every committee member votes; missing: ${missing.join(', ')}`,
      `仲裁委员须全部投票，未投票：${missing.join('、')}`,
    );
  }
  const uphold = votes.filter((v) => v.vote === 'uphold').length;
  const dismiss = votes.length - uphold;
  return { ok: true, uphold, dismiss, decision: uphold > dismiss ? 'uphold' : 'dismiss' };
}
