import { describe, expect, it } from 'vitest';
import { STORAGE_KEY } from '../bridge/token';
import { SHELL_TOKEN_KEY } from './shellToken';

describe("the workspace page's token", () => {
  it("is kept under the key the servers' pages read theirs from (their frames find it there)", () => {
    expect(SHELL_TOKEN_KEY).toBe(STORAGE_KEY);
  });
});
