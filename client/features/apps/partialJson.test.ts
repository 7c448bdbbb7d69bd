import { describe, expect, it } from 'vitest';
import { partialArguments } from './partialJson';

describe('partial tool input from a JSON text being typed', () => {
  it('takes complete JSON as it is', () => {
    expect(partialArguments('{"city": "Paris", "days": 3}')).toEqual({ city: 'Paris', days: 3 });
  });

  it('closes an open string and open brackets', () => {
    expect(partialArguments('{"city": "Par')).toEqual({ city: 'Par' });
    expect(partialArguments('{"tags": ["a", "b')).toEqual({ tags: ['a', 'b'] });
    expect(partialArguments('{"city": "Paris",')).toEqual({ city: 'Paris' });
    expect(partialArguments('{"city": ')).toEqual({ city: null });
  });

  it('drops a member that is only half there', () => {
    expect(partialArguments('{"city": "Paris", "da')).toEqual({ city: 'Paris' });
    expect(partialArguments('{"city": "Paris", "days": tr')).toEqual({ city: 'Paris' });
  });

  it('gives nothing for what is not an object', () => {
    expect(partialArguments('[1, 2')).toBeUndefined();
    expect(partialArguments('')).toBeUndefined();
  });
});
