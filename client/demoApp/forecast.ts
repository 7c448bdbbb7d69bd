/** What the demo's weather tools put in structuredContent; the server's shape, read defensively. */
export interface ForecastDay {
  /** ISO date (YYYY-MM-DD). */
  date: string;
  temperatureC: number;
  conditions: string;
}

export interface Forecast {
  city: string;
  days: ForecastDay[];
  /** When the server made it (ISO time): changes on every refresh. */
  issuedAt: string;
}

export function readForecast(value: unknown): Forecast | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { city, days, issuedAt } = value as Record<string, unknown>;
  if (typeof city !== 'string' || !Array.isArray(days)) return undefined;
  const parsed = days.filter(
    (day): day is ForecastDay =>
      typeof day === 'object' &&
      day !== null &&
      typeof (day as ForecastDay).date === 'string' &&
      typeof (day as ForecastDay).temperatureC === 'number' &&
      typeof (day as ForecastDay).conditions === 'string',
  );
  return { city, days: parsed, issuedAt: typeof issuedAt === 'string' ? issuedAt : '' };
}

const ICONS: Record<string, string> = {
  sunny: '☀',
  'partly cloudy': '⛅',
  cloudy: '☁',
  rainy: '☂',
  windy: '≋',
  snowy: '❄',
  foggy: '░',
};

export function iconFor(conditions: string): string {
  return ICONS[conditions] ?? '·';
}
