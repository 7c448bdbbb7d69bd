import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { askInTerminal, readField } from './terminalForm.js';

/** A terminal whose person types `lines` one after another, as each question is asked. */
function terminal(lines: string[]) {
  const input = new PassThrough();
  const output = new PassThrough();
  let shown = '';
  output.on('data', (chunk: Buffer) => {
    shown += chunk.toString();
    // Answer each question (a prompt ends with ": ") once it is on screen.
    if (shown.endsWith(': ') && lines.length > 0) input.write(`${lines.shift()}\n`);
  });
  return { io: { input, output }, shown: () => shown };
}

const FORM = {
  message: 'Who is the table for?',
  requestedSchema: {
    type: 'object' as const,
    properties: {
      name: { type: 'string' as const, title: 'Name' },
      seats: { type: 'integer' as const, minimum: 1, maximum: 12 },
      when: { type: 'string' as const, enum: ['lunch', 'dinner'] },
      vip: { type: 'boolean' as const, default: false },
      note: { type: 'string' as const },
    },
    required: ['name', 'seats'],
  },
};

describe('the terminal form', () => {
  it('asks field by field, asks again until an answer fits, and fills in defaults', async () => {
    const person = terminal(['y', '', 'Ada', 'two', '20', '4', '2', '', '']);
    const result = await askInTerminal(FORM, person.io);
    expect(result).toEqual({
      action: 'accept',
      content: { name: 'Ada', seats: 4, when: 'dinner', vip: false },
    });
    expect(person.shown()).toContain('The server asks: Who is the table for?');
    expect(person.shown()).toContain('this one is required');
    expect(person.shown()).toContain('a number, please');
    expect(person.shown()).toContain('at most 12');
  });

  it('declines or cancels when the person says so', async () => {
    expect(await askInTerminal(FORM, terminal(['n']).io)).toEqual({ action: 'decline' });
    expect(await askInTerminal(FORM, terminal(['c']).io)).toEqual({ action: 'cancel' });
  });

  it('reads booleans, choices by name or number, and multi-select lists', () => {
    expect(readField('yes', { type: 'boolean' }, false)).toEqual({ value: true });
    expect(readField('2', { type: 'string', oneOf: [{ const: 'a' }, { const: 'b' }] }, true)).toEqual({
      value: 'b',
    });
    expect(readField('c', { type: 'string', enum: ['a', 'b'] }, true)).toEqual({
      error: 'choose one of a, b',
    });
    expect(readField('a, b', { type: 'array', items: { enum: ['a', 'b'] } }, true)).toEqual({
      value: ['a', 'b'],
    });
    expect(readField('1.5', { type: 'integer' }, true)).toEqual({ error: 'a whole number, please' });
    expect(readField('', { type: 'string' }, false)).toEqual({ skip: true });
  });
});
