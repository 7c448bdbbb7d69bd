import { describe, expect, it } from 'vitest';
import { lazySchemaValidator, loadSchemaEngine } from './lazySchemaEngine';

const schema = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } as const;

describe("the SDK client's validator, loaded when needed", () => {
  it('says the engine is still loading when asked before it is, then validates with it', async () => {
    expect(() => lazySchemaValidator.getValidator(schema)).toThrow(/still loading/);
    await loadSchemaEngine();
    const validate = lazySchemaValidator.getValidator<{ n: number }>(schema);
    expect(validate({ n: 1 })).toEqual({ valid: true, data: { n: 1 }, errorMessage: undefined });
    const refused = validate({ n: 'one' });
    expect(refused.valid).toBe(false);
    expect(refused.errorMessage).toMatch(/integer/);
  });
});
