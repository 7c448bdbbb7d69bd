import { describe, expect, it } from 'vitest';
import { STORAGE_KEY } from '../bridge/token';
import { SHELL_TOKEN_KEY } from './shellToken';
import { API_HOST_CONFIG_PATH } from '../../shared/http';
import { HOST_LOCATIONS_PATH } from './importApi';

describe('what the workspace page writes out rather than import', () => {
  it("is kept under the key the servers' pages read theirs from (their frames find it there)", () => {
    expect(SHELL_TOKEN_KEY).toBe(STORAGE_KEY);
  });

  it("asks for the hosts' config files on the Hosts tab's route", () => {
    expect(HOST_LOCATIONS_PATH).toBe(`${API_HOST_CONFIG_PATH}/locations`);
  });
});
