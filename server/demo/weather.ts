// Fake weather for get_weather: derived from the city name so the same city always gets the same
// report, which keeps end-to-end assertions stable without any network access.
export type WeatherReport = { city: string; temperatureC: number; conditions: string };

const CONDITIONS = ['sunny', 'partly cloudy', 'cloudy', 'rainy', 'windy', 'snowy', 'foggy'];

// FNV-1a: tiny and identical on every platform and Node version.
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function fakeWeather(city: string): WeatherReport {
  // Case and surrounding spaces should not change the forecast for what is the same city.
  const hash = hashString(city.trim().toLowerCase());
  return {
    city,
    // -10.0 to 35.0 in tenths, so the number also exercises decimal rendering.
    temperatureC: ((hash % 451) - 100) / 10,
    conditions: CONDITIONS[(hash >>> 16) % CONDITIONS.length] ?? 'unknown',
  };
}
