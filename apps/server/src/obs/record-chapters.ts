/**
 * The facts that get a chapter in the OBS recording, so an appeal can find the moment in the video
 * from the event log (recording markers).
 */
export const CHAPTER_EVENTS = ['HandStarted', 'HandEnded', 'PenaltyIssued'] as const;

const LABELS: Record<(typeof CHAPTER_EVENTS)[number], string> = {
  HandStarted: 'hand start',
  HandEnded: 'hand end',
  PenaltyIssued: 'penalty',
};

function isChapterEvent(type: string): type is (typeof CHAPTER_EVENTS)[number] {
  return (CHAPTER_EVENTS as readonly string[]).includes(type);
}

/** `match-F1 #57 hand end`: stream and revision are exactly what the event log is searched by. */
export function chapterName(event: { stream: string; revision: number; type: string }): string | null {
  if (!isChapterEvent(event.type)) return null;
  return `${event.stream} #${event.revision} ${LABELS[event.type]}`;
}
