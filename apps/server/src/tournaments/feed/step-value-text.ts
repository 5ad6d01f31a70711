import type { StepValue } from '@tablecast/tournament';

/** A tie-break value as the standings print it: the exact decimal, place counts "3/0/1", or "—". */
export function stepValueText(value: StepValue): string {
  switch (value.kind) {
    case 'number':
      return value.value;
    case 'counts':
      return value.value.join('/');
    case 'none':
      return '—';
  }
}
