import { describe, expect, it } from 'vitest';
import { chooseModel, parseCandidates } from './modelChoice.js';

const listed = ['claude-opus-4', 'claude-sonnet-4', 'claude-haiku-4', 'gpt-4o-mini'];

describe('a sampling request’s model preferences', () => {
  it('takes the first hint that matches a listed model, by substring, the configured one first', () => {
    expect(
      chooseModel({
        preferences: { hints: [{ name: 'gemini' }, { name: 'Sonnet' }, { name: 'claude' }] },
        configured: 'claude-haiku-4',
        listed,
        candidates: [],
      }),
    ).toEqual({
      model: 'claude-sonnet-4',
      why: [
        'Hint "gemini" matches none of 4 models.',
        'Hint "Sonnet" matches claude-sonnet-4.',
        'The first of them as the provider lists them.',
      ],
    });
    expect(
      chooseModel({
        preferences: { hints: [{ name: 'claude' }] },
        configured: 'claude-haiku-4',
        listed,
        candidates: [],
      }).model,
    ).toBe('claude-haiku-4');
  });

  it('keeps the configured model when no hint matches, or the provider lists nothing, and says why', () => {
    expect(
      chooseModel({
        preferences: { hints: [{ name: 'sonnet' }] },
        configured: 'llama3',
        unlisted: 'HTTP 404',
        candidates: [],
      }),
    ).toEqual({
      model: 'llama3',
      why: [
        "The provider's models could not be listed (HTTP 404): hints are matched against the configured model and your candidates.",
        'Hint "sonnet" matches none of 1 model.',
        'The configured model llama3.',
      ],
    });
  });

  it('weighs cost, speed and intelligence over the person’s candidates, within what the hints match', () => {
    const { candidates } = parseCandidates(
      [
        'claude-opus-4 cost=0.1 speed=0.3 intelligence=1',
        'claude-sonnet-4 cost=0.5 speed=0.6 intelligence=0.8',
        'claude-haiku-4 cost=1 speed=1 intelligence=0.4',
      ].join('\n'),
    );
    const cheapAndFast = chooseModel({
      preferences: { costPriority: 0.9, speedPriority: 0.8, intelligencePriority: 0.1 },
      configured: 'claude-sonnet-4',
      listed,
      candidates,
    });
    expect(cheapAndFast.model).toBe('claude-haiku-4');
    expect(cheapAndFast.why.at(-1)).toBe(
      'By the priorities (cost 0.9, speed 0.8, intelligence 0.1), of your candidates: claude-haiku-4 scores 1.74, claude-sonnet-4 scores 1.01, claude-opus-4 scores 0.43.',
    );
    // The hint narrows first: of opus and sonnet, intelligence decides.
    expect(
      chooseModel({
        preferences: { hints: [{ name: 'o' }], intelligencePriority: 1 },
        configured: 'claude-haiku-4',
        listed: ['claude-opus-4', 'claude-sonnet-4'],
        candidates,
      }).model,
    ).toBe('claude-opus-4');
    // Priorities without candidates: said, not guessed.
    expect(
      chooseModel({ preferences: { speedPriority: 1 }, configured: 'm', listed: ['m'], candidates: [] }).why,
    ).toContain('The priorities are not used: add candidates, each rated for cost, speed and intelligence.');
  });

  it('reads the candidates one a line and names a line it cannot read', () => {
    expect(parseCandidates('a cost=0.2\n\n# note\nb speed=2\nc intelligence=x')).toEqual({
      candidates: [{ model: 'a', cost: 0.2, speed: 0.5, intelligence: 0.5 }],
      problems: [
        'line 4: "speed=2" is not cost=, speed= or intelligence= a number from 0 to 1',
        'line 5: "intelligence=x" is not cost=, speed= or intelligence= a number from 0 to 1',
      ],
    });
  });
});
