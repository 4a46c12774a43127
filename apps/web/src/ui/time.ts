const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** "just now", "3 minutes ago", "yesterday": how long ago `at` was, from `now`. */
export function relativeTime(at: number, now = Date.now()): string {
  const seconds = Math.round((at - now) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['minute', 60],
    ['hour', 3600],
    ['day', 86_400],
    ['week', 604_800],
  ];
  let unit: Intl.RelativeTimeFormatUnit = 'minute';
  let size = 60;
  for (const [name, length] of steps) if (Math.abs(seconds) >= length * 0.9) [unit, size] = [name, length];
  return relative.format(Math.round(seconds / size), unit);
}
